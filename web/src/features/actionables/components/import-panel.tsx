import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { fieldErrors, type ApiError } from '../../../lib/api/api-errors.ts';
import { failureText } from '../../../lib/api/failure-text.ts';
import { useImportActionablesMutation, useLazyGetActionablesQuery } from '../api/actionables.api.ts';
import { IMPORT_MAX_BYTES, importErrorLines, parseImport, previewImport, type ImportPreview, type PreviewRow } from '../transfer/import-parser.ts';
import { TransferPanel } from './transfer-panel.tsx';

/** A refused import: nothing was stored, and every bad item and field the server named. */
const ImportFailure = ({ error }: { error: ApiError }) => {
  const lines = importErrorLines(fieldErrors(error));
  return (
    <FormAlert kind="error">
      {lines.length > 0 ? 'Nothing was imported. Fix these and try again:' : failureText(error, 'Failed to import actionables')}
      {lines.length > 0 && (
        <ul className="form-alert__list">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </FormAlert>
  );
};

const plural = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** One group of the preview: its heading with the count, and its rows (each with why, when left out). */
const PreviewGroup = ({ label, rows }: { label: string; rows: PreviewRow[] }) => {
  const headingId = useId();
  if (rows.length === 0) return null;
  return (
    <div className="act-import-preview__group">
      <h3 className="act-import-preview__heading" id={headingId}>
        {`${label}: ${plural(rows.length)}`}
      </h3>
      <ul className="act-import-preview__rows" aria-labelledby={headingId}>
        {rows.map((row) => (
          <li key={row.index}>
            <span className="act-import-preview__title">{row.title}</span>
            {row.reason && <span className="act-import-preview__reason">{` — ${row.reason}`}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
};

/** What the import would do, before anything is sent: new, already present (by id), refused with why. */
const ImportPreviewList = ({ preview }: { preview: ImportPreview }) => (
  <section className="act-import-preview" aria-label="Import preview" data-testid="import-preview">
    <p className="act-import-preview__summary" role="status">
      {`${preview.fresh.length} new, ${preview.present.length} already present, ${preview.refused.length} refused. Only the new ones are imported.`}
    </p>
    <PreviewGroup label="New" rows={preview.fresh} />
    <PreviewGroup label="Already present" rows={preview.present} />
    <PreviewGroup label="Refused" rows={preview.refused} />
  </section>
);

interface ChosenFile {
  name: string;
  text: string;
}

/**
 * Import from a file or pasted JSON (an export, or a bare array). The text is read here first, with
 * spec.md §5's messages; the server then checks every item and stores all or nothing.
 */
export const ImportPanel = ({ onImported, onClose }: { onImported: (count: number) => void; onClose: () => void }) => {
  const toast = useToast();
  const [importItems, importing] = useImportActionablesMutation();
  const [loadOwn, own] = useLazyGetActionablesQuery();
  const [preview, setPreview] = useState<ImportPreview | undefined>();
  const [file, setFile] = useState<ChosenFile | undefined>();
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  // A new key empties the file input when the chosen file is cleared.
  const [fileInputKey, setFileInputKey] = useState(0);
  const fileId = useId();

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    importing.reset();
    setProblem(undefined);
    setPreview(undefined);
    if (!chosen) return setFile(undefined);
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFile(undefined);
      return setProblem('The file is larger than 5 MB, the most one import takes.');
    }
    setFile({ name: chosen.name, text: await chosen.text() });
  };

  /** First a preview (nothing sent); once it is shown, the same button imports its new items. */
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    importing.reset();
    if (preview) {
      if (preview.toSend.length === 0) return setProblem('Nothing new to import: every item is already here or refused.');
      const result = await importItems(preview.toSend);
      if ('error' in result) return;
      const count = result.data.imported;
      const skipped = result.data.skipped.length;
      toast.success(`Imported ${count} ${count === 1 ? 'actionable' : 'actionables'}${skipped > 0 ? `; ${skipped} already present` : ''}`, {
        title: 'Import done',
      });
      return onImported(count);
    }
    const text = file?.text ?? pasted;
    if (text.trim() === '') return setProblem('Choose a file or paste the JSON to import.');
    const parsed = parseImport(text);
    if (!parsed.ok) return setProblem(parsed.message);
    setProblem(undefined);
    // The ids the user already has: every actionable (from the cache when the list is loaded).
    const mine = await loadOwn({ kind: 'all' }, true);
    if (!mine.data) return setProblem('Failed to fetch actionables');
    setPreview(previewImport(parsed.items, new Set(mine.data.map((item) => item.id))));
  };

  return (
    <TransferPanel
      title="Import actionables"
      subtitle="A file exported here before, or a JSON list of items (up to 1,000). You see what is new, already here or refused before anything is stored."
      submitLabel={preview ? `Import ${preview.toSend.length} new` : 'Preview import'}
      pending={importing.isLoading || own.isFetching}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      {problem && <FormAlert kind="error">{problem}</FormAlert>}
      {importing.error && <ImportFailure error={importing.error} />}
      {preview && <ImportPreviewList preview={preview} />}
      <div className="field">
        <label className="field__label" htmlFor={fileId}>
          JSON file
        </label>
        <input
          key={fileInputKey}
          id={fileId}
          className="field__input act-transfer__file"
          type="file"
          accept=".json,application/json"
          onChange={(event) => void chooseFile(event)}
          autoFocus
        />
        {file && (
          <p className="field__hint act-transfer__chosen">
            {`${file.name} is ready to import.`}
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => {
                setFile(undefined);
                setPreview(undefined);
                setFileInputKey((key) => key + 1);
              }}
            >
              Clear file
            </button>
          </p>
        )}
      </div>
      <TextAreaField
        label="Or paste JSON"
        name="json"
        rows={4}
        spellCheck={false}
        className="act-transfer__paste"
        value={pasted}
        disabled={file !== undefined}
        hint={file ? 'The chosen file is imported; clear it to import pasted text.' : undefined}
        onChange={(event) => {
          setPasted(event.target.value);
          setPreview(undefined);
        }}
      />
    </TransferPanel>
  );
};
