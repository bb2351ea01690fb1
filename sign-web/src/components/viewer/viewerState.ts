import { type ZoomSetting } from './zoom';

export type ScrollMode = 'vertical' | 'horizontal' | 'wrapped';
export type Tool = 'text' | 'hand';
export type Rotation = 0 | 90 | 180 | 270;

export interface ViewerState {
  /** 1-based page the reader is on. */
  page: number;
  pageCount: number;
  zoom: ZoomSetting;
  /** Added to each page's own rotation. */
  rotation: Rotation;
  scrollMode: ScrollMode;
  tool: Tool;
  /** Bumped when the viewer must bring `page` into view (a jump, not the reader's own scrolling). */
  jump: number;
}

export type ViewerAction =
  | { type: 'loaded'; pageCount: number }
  /** The reader asked for a page: it is brought into view. */
  | { type: 'navigate'; page: number }
  /** The reader scrolled to a page: nothing moves. */
  | { type: 'pageSeen'; page: number }
  | { type: 'zoom'; zoom: ZoomSetting }
  | { type: 'rotate'; by: 90 | -90 }
  | { type: 'scrollMode'; mode: ScrollMode }
  | { type: 'tool'; tool: Tool };

export function initialViewerState(zoom: ZoomSetting = 'page-width'): ViewerState {
  return { page: 1, pageCount: 0, zoom, rotation: 0, scrollMode: 'vertical', tool: 'text', jump: 0 };
}

function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pageCount));
}

export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.type) {
    case 'loaded':
      return { ...state, pageCount: action.pageCount, page: clampPage(state.page, action.pageCount) };
    case 'navigate':
      return { ...state, page: clampPage(action.page, state.pageCount), jump: state.jump + 1 };
    case 'pageSeen':
      return { ...state, page: clampPage(action.page, state.pageCount) };
    case 'zoom':
      // Keep the reader on their page: the new size moves everything.
      return { ...state, zoom: action.zoom, jump: state.jump + 1 };
    case 'rotate':
      return {
        ...state,
        rotation: ((((state.rotation + action.by) % 360) + 360) % 360) as Rotation,
        jump: state.jump + 1,
      };
    case 'scrollMode':
      return { ...state, scrollMode: action.mode, jump: state.jump + 1 };
    case 'tool':
      return { ...state, tool: action.tool };
  }
}

export type PageCommand = 'next' | 'previous' | 'first' | 'last';

/** Keys that move between pages in the document area. */
export function pageCommandForKey(key: string): PageCommand | null {
  switch (key) {
    case 'PageDown':
    case 'ArrowRight':
      return 'next';
    case 'PageUp':
    case 'ArrowLeft':
      return 'previous';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

export function pageFor(command: PageCommand, state: Pick<ViewerState, 'page' | 'pageCount'>): number {
  switch (command) {
    case 'next':
      return Math.min(state.page + 1, state.pageCount);
    case 'previous':
      return Math.max(state.page - 1, 1);
    case 'first':
      return 1;
    case 'last':
      return state.pageCount;
  }
}
