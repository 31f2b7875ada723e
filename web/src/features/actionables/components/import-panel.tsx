import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { TextAreaField } from '../../../components/form/text-area-field.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { fieldErrors, type ApiError } from '../../../lib/api/api-errors.ts';
import { failureText } from '../../../components/form/form-errors.ts';
import { useImportActionablesMutation } from '../api/actionables.api.ts';
import { IMPORT_MAX_BYTES, importErrorLines, parseImport } from '../transfer/import-parser.ts';
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
    if (!chosen) return setFile(undefined);
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFile(undefined);
      return setProblem('The file is larger than 5 MB, the most one import takes.');
    }
    setFile({ name: chosen.name, text: await chosen.text() });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    importing.reset();
    const text = file?.text ?? pasted;
    if (text.trim() === '') return setProblem('Choose a file or paste the JSON to import.');
    const parsed = parseImport(text);
    if (!parsed.ok) return setProblem(parsed.message);
    setProblem(undefined);
    const result = await importItems(parsed.items);
    if ('error' in result) return;
    const count = result.data.imported;
    toast.success(`Imported ${count} ${count === 1 ? 'actionable' : 'actionables'}`, { title: 'Import done' });
    onImported(count);
  };

  return (
    <TransferPanel
      title="Import actionables"
      subtitle="A file exported here before, or a JSON list of items. Up to 1,000 items; nothing is stored if one is wrong."
      submitLabel="Import"
      pending={importing.isLoading}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      {problem && <FormAlert kind="error">{problem}</FormAlert>}
      {importing.error && <ImportFailure error={importing.error} />}
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
        onChange={(event) => setPasted(event.target.value)}
      />
    </TransferPanel>
  );
};
