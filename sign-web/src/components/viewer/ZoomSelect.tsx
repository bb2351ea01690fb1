import { interpolate } from '../../i18n/format';
import { useI18n } from '../../i18n/I18nProvider';
import { ZOOM_PRESETS, type ZoomSetting } from './zoom';

function parseZoom(value: string): ZoomSetting {
  if (value === 'page-fit' || value === 'page-width') return value;
  const factor = Number(value);
  return Number.isFinite(factor) && factor > 0 ? factor : 'page-width';
}

export function ZoomSelect({ zoom, onChange }: { zoom: ZoomSetting; onChange: (zoom: ZoomSetting) => void }) {
  const { messages } = useI18n();
  const texts = messages.viewer;
  return (
    <select
      className="zoom-select"
      aria-label={texts.zoom}
      value={String(zoom)}
      onChange={(event) => onChange(parseZoom(event.target.value))}
    >
      <option value="page-fit">{texts.pageFit}</option>
      <option value="page-width">{texts.pageWidth}</option>
      {ZOOM_PRESETS.map((preset) => (
        <option key={preset} value={String(preset)}>
          {interpolate(texts.percent, { value: Math.round(preset * 100) })}
        </option>
      ))}
    </select>
  );
}
