import { useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider';

interface DropZoneProps {
  onFile: (file: File) => void;
  disabled: boolean;
  /** A file was checked already: the button offers another. */
  again: boolean;
}

/** A PDF chosen with the file picker (keyboard, phone) or dropped on the zone (mouse). */
export function DropZone({ onFile, disabled, again }: DropZoneProps) {
  const { messages } = useI18n();
  const texts = messages.verify;
  const [dragging, setDragging] = useState(false);
  return (
    <div
      className={dragging ? 'drop-zone drop-zone--active' : 'drop-zone'}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (file && !disabled) onFile(file);
      }}
    >
      <p className="drop-zone__title" aria-hidden="true">
        {texts.drop}
      </p>
      <p className="drop-zone__or" aria-hidden="true">
        {texts.or}
      </p>
      <input
        id="verify-file"
        className="visually-hidden"
        type="file"
        accept="application/pdf,.pdf"
        disabled={disabled}
        aria-describedby="verify-file-hint"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label htmlFor="verify-file" className="button drop-zone__button">
        {again ? texts.another : texts.choose}
      </label>
      <p id="verify-file-hint" className="field__hint">
        {texts.hint}
      </p>
    </div>
  );
}
