import { useI18n } from '../../i18n/I18nProvider';
import { MoreActionsMenu } from './MoreActionsMenu';
import { PageNumberField } from './PageNumberField';
import { ToolButton } from './ToolButton';
import { type ViewerCommands } from './types';
import { type ViewerAction, type ViewerState } from './viewerState';
import { ZoomSelect } from './ZoomSelect';
import { canZoomIn, canZoomOut, zoomIn, zoomOut } from './zoom';

interface ViewerToolbarProps {
  state: ViewerState;
  /** The factor pages are drawn at (fit modes resolved). */
  zoom: number;
  dispatch: (action: ViewerAction) => void;
  commands: ViewerCommands;
  searchOpen: boolean;
  fullscreen: { supported: boolean; active: boolean };
  printing: boolean;
}

/** Search, pages, zoom, full screen, download, print and the more-actions menu. */
export function ViewerToolbar({
  state,
  zoom,
  dispatch,
  commands,
  searchOpen,
  fullscreen,
  printing,
}: ViewerToolbarProps) {
  const { messages } = useI18n();
  const texts = messages.viewer;
  const navigate = (page: number) => dispatch({ type: 'navigate', page });
  return (
    <div className="viewer__toolbar" role="group" aria-label={texts.toolbar}>
      <div className="viewer__tools">
        <ToolButton
          icon="search"
          label={texts.search.open}
          pressed={searchOpen}
          onClick={commands.toggleSearch}
        />
      </div>
      <div className="viewer__tools">
        <ToolButton
          icon="up"
          label={texts.previousPage}
          disabled={state.page <= 1}
          onClick={() => navigate(state.page - 1)}
        />
        <PageNumberField page={state.page} pageCount={state.pageCount} onNavigate={navigate} />
        <ToolButton
          icon="down"
          label={texts.nextPage}
          disabled={state.page >= state.pageCount}
          onClick={() => navigate(state.page + 1)}
        />
      </div>
      <div className="viewer__tools viewer__tools--wide-only">
        <ToolButton
          icon="minus"
          label={texts.zoomOut}
          disabled={!canZoomOut(zoom)}
          onClick={() => dispatch({ type: 'zoom', zoom: zoomOut(zoom) })}
        />
        <ZoomSelect zoom={state.zoom} onChange={(next) => dispatch({ type: 'zoom', zoom: next })} />
        <ToolButton
          icon="plus"
          label={texts.zoomIn}
          disabled={!canZoomIn(zoom)}
          onClick={() => dispatch({ type: 'zoom', zoom: zoomIn(zoom) })}
        />
      </div>
      <div className="viewer__tools">
        {fullscreen.supported && (
          <ToolButton
            icon={fullscreen.active ? 'collapse' : 'expand'}
            label={fullscreen.active ? texts.exitFullscreen : texts.fullscreen}
            onClick={commands.toggleFullscreen}
            wideOnly
          />
        )}
        <ToolButton icon="download" label={texts.download} onClick={commands.download} wideOnly />
        <ToolButton icon="print" label={texts.print} onClick={commands.print} disabled={printing} wideOnly />
        <MoreActionsMenu
          state={state}
          zoom={zoom}
          dispatch={dispatch}
          commands={commands}
          fullscreen={fullscreen}
          printing={printing}
        />
      </div>
    </div>
  );
}
