/** Line icons drawn on a 24-unit grid; always decorative, the button carries the label. */
const PATHS = {
  search: 'M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13zM15.5 15.5L20 20',
  up: 'M6 15l6-6l6 6',
  down: 'M6 9l6 6l6-6',
  first: 'M6 14l6-6l6 6M6 5h12',
  last: 'M6 10l6 6l6-6M6 19h12',
  minus: 'M5 12h14',
  plus: 'M5 12h14M12 5v14',
  expand: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  collapse: 'M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5',
  download: 'M12 4v11M7 10l5 5l5-5M5 20h14',
  print: 'M7 9V4h10v5M7 17H5a1 1 0 0 1-1-1v-6a1 1 0 0 1 1-1h14a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1h-2M7 14h10v6H7z',
  more: 'M12 5.5v.01M12 12v.01M12 18.5v.01',
  rotateCw: 'M19 5v5h-5M19 10a7.5 7.5 0 1 0 0 4.5',
  rotateCcw: 'M5 5v5h5M5 10a7.5 7.5 0 1 1 0 4.5',
  text: 'M9 4h6M9 20h6M12 4v16',
  hand: 'M8 12V6a1.5 1.5 0 0 1 3 0v5M11 11V4.5a1.5 1.5 0 0 1 3 0V11M14 11V6a1.5 1.5 0 0 1 3 0v7c0 4-2.5 7-6 7c-2.5 0-4-1.5-5.5-4L4 13a1.5 1.5 0 0 1 2.5-1.5L8 13',
  vertical: 'M7 3h10v7H7zM7 14h10v7H7z',
  horizontal: 'M3 7h7v10H3zM14 7h7v10h-7z',
  wrapped: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4z',
  info: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM12 11v6M12 7.5v.01',
  close: 'M6 6l12 12M18 6L6 18',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
