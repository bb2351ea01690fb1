import { useI18n } from '../../i18n/I18nProvider';
import { MenuButton, MenuGroup, MenuItem, MenuItemRadio } from './Menu';
import { type ViewerCommands } from './types';
import { type ScrollMode, type ViewerAction, type ViewerState } from './viewerState';
import { canZoomIn, canZoomOut, zoomIn, zoomOut } from './zoom';

interface MoreActionsMenuProps {
  state: ViewerState;
  zoom: number;
  dispatch: (action: ViewerAction) => void;
  commands: ViewerCommands;
  fullscreen: { supported: boolean; active: boolean };
  printing: boolean;
}

/**
 * Rotate, selection tool, scroll mode, properties, first and last page; on a phone it also takes the
 * zoom, full-screen, download and print buttons the toolbar has no room for.
 */
export function MoreActionsMenu({
  state,
  zoom,
  dispatch,
  commands,
  fullscreen,
  printing,
}: MoreActionsMenuProps) {
  const { messages } = useI18n();
  const texts = messages.viewer;
  const scrollModes: { mode: ScrollMode; label: string; icon: 'vertical' | 'horizontal' | 'wrapped' }[] = [
    { mode: 'vertical', label: texts.verticalScroll, icon: 'vertical' },
    { mode: 'horizontal', label: texts.horizontalScroll, icon: 'horizontal' },
    { mode: 'wrapped', label: texts.wrappedScroll, icon: 'wrapped' },
  ];
  return (
    <MenuButton label={texts.moreActions} icon="more">
      <MenuGroup label={texts.zoom} compactOnly>
        <MenuItem
          icon="plus"
          label={texts.zoomIn}
          disabled={!canZoomIn(zoom)}
          onSelect={() => dispatch({ type: 'zoom', zoom: zoomIn(zoom) })}
        />
        <MenuItem
          icon="minus"
          label={texts.zoomOut}
          disabled={!canZoomOut(zoom)}
          onSelect={() => dispatch({ type: 'zoom', zoom: zoomOut(zoom) })}
        />
        <MenuItemRadio
          icon="expand"
          label={texts.pageFit}
          checked={state.zoom === 'page-fit'}
          onSelect={() => dispatch({ type: 'zoom', zoom: 'page-fit' })}
        />
        <MenuItemRadio
          icon="horizontal"
          label={texts.pageWidth}
          checked={state.zoom === 'page-width'}
          onSelect={() => dispatch({ type: 'zoom', zoom: 'page-width' })}
        />
      </MenuGroup>
      {fullscreen.supported && (
        <MenuItem
          icon={fullscreen.active ? 'collapse' : 'expand'}
          label={fullscreen.active ? texts.exitFullscreen : texts.fullscreen}
          onSelect={commands.toggleFullscreen}
          compactOnly
        />
      )}
      <MenuItem icon="download" label={texts.download} onSelect={commands.download} compactOnly />
      <MenuItem icon="print" label={texts.print} onSelect={commands.print} disabled={printing} compactOnly />
      <MenuItem
        icon="first"
        label={texts.firstPage}
        disabled={state.page <= 1}
        onSelect={() => dispatch({ type: 'navigate', page: 1 })}
      />
      <MenuItem
        icon="last"
        label={texts.lastPage}
        disabled={state.page >= state.pageCount}
        onSelect={() => dispatch({ type: 'navigate', page: state.pageCount })}
      />
      <MenuItem
        icon="rotateCw"
        label={texts.rotateClockwise}
        onSelect={() => dispatch({ type: 'rotate', by: 90 })}
      />
      <MenuItem
        icon="rotateCcw"
        label={texts.rotateCounterClockwise}
        onSelect={() => dispatch({ type: 'rotate', by: -90 })}
      />
      <MenuGroup label={texts.tools}>
        <MenuItemRadio
          icon="text"
          label={texts.textSelection}
          checked={state.tool === 'text'}
          onSelect={() => dispatch({ type: 'tool', tool: 'text' })}
        />
        <MenuItemRadio
          icon="hand"
          label={texts.handTool}
          checked={state.tool === 'hand'}
          onSelect={() => dispatch({ type: 'tool', tool: 'hand' })}
        />
      </MenuGroup>
      <MenuGroup label={texts.scrolling}>
        {scrollModes.map(({ mode, label, icon }) => (
          <MenuItemRadio
            key={mode}
            icon={icon}
            label={label}
            checked={state.scrollMode === mode}
            onSelect={() => dispatch({ type: 'scrollMode', mode })}
          />
        ))}
      </MenuGroup>
      <MenuItem icon="info" label={texts.properties.open} onSelect={commands.showProperties} />
    </MenuButton>
  );
}
