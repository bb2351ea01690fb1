import { Icon, type IconName } from './icons';

interface ToolButtonProps {
  icon: IconName;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  /** Hidden in the narrow layout, where the more-actions menu offers it instead. */
  wideOnly?: boolean;
}

/** An icon button of the viewer's toolbar, named for assistive technologies and in a tooltip. */
export function ToolButton({
  icon,
  label,
  onClick,
  disabled = false,
  pressed,
  wideOnly = false,
}: ToolButtonProps) {
  return (
    <button
      type="button"
      className={wideOnly ? 'tool-button tool-button--wide-only' : 'tool-button'}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
}
