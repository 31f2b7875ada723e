import { useId, useState, type ChangeEvent } from 'react';
import { ARCHIVE_MAX_BYTES, ARCHIVE_VERSION, archiveManifest, type ArchiveManifest } from '@tracker/contracts/archive/http';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { failureText } from '../../../lib/api/failure-text.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { fieldErrors, type ApiError } from '../../../lib/api/api-errors.ts';
import { downloadFile } from '../../../lib/files/download-file.ts';
import { accountArchiveFailures, useDownloadAccountArchiveMutation, useRestoreAccountArchiveMutation } from '../api/account-archive.api.ts';
import { SettingsSection } from './settings-section.tsx';
import './account-archive-section.css';

interface ChosenArchive {
  name: string;
  text: string;
  manifest: ArchiveManifest;
}

const plural = (count: number, one: string, many = `${one}s`): string => `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** What a chosen file holds, from its manifest: or why it is no archive this server can restore. */
const readArchive = (name: string, text: string): ChosenArchive | string => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `${name} is not an account archive: it is not JSON.`;
  }
  const manifest = archiveManifest.safeParse((parsed as { manifest?: unknown } | null)?.manifest);
  if (manifest.success) return { name, text, manifest: manifest.data };
  const version = (parsed as { manifest?: { version?: unknown } } | null)?.manifest?.version;
  if (typeof version === 'number' && version > ARCHIVE_VERSION) {
    return `${name} comes from a newer version of the tracker (archive version ${version}): restore it on an up-to-date server.`;
  }
  return `${name} is not an account archive of this tracker.`;
};

/** Why the server refused a restore, in words: its reason for the field it named, or its message. */
const refusalOf = (error: ApiError): string => {
  const [reason] = Object.values(fieldErrors(error));
  if (reason) return `This archive cannot be restored: ${reason}. Nothing was restored.`;
  return failureText(error, accountArchiveFailures.restore);
};

/**
 * The account archive (issue 20): the whole history downloaded as one file, and restored into an
 * account that has no data yet, after showing what the chosen file holds.
 */
export const AccountArchiveSection = () => {
  const toast = useToast();
  const [download, downloading] = useDownloadAccountArchiveMutation();
  const [restore, restoring] = useRestoreAccountArchiveMutation();
  const [chosen, setChosen] = useState<ChosenArchive | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const fileId = useId();

  const save = async () => {
    const result = await download();
    if ('error' in result) return;
    downloadFile(result.data.text, result.data.filename);
    toast.success(result.data.filename, { title: 'Archive saved' });
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    restoring.reset();
    setProblem(undefined);
    setChosen(undefined);
    if (!file) return;
    if (file.size > ARCHIVE_MAX_BYTES) return setProblem(`${file.name} is larger than ${ARCHIVE_MAX_BYTES / 1024 / 1024} MB, the most one restore takes.`);
    const read = readArchive(file.name, await file.text());
    if (typeof read === 'string') return setProblem(read);
    setChosen(read);
  };

  const bringBack = async () => {
    if (!chosen) return;
    const result = await restore(chosen.text);
    if ('error' in result) return;
    setChosen(undefined);
    toast.success(`Everything in ${chosen.name} is back: your lists, streaks and points.`, { title: 'Archive restored' });
  };

  const counts = chosen?.manifest.counts;
  return (
    <SettingsSection
      id="account-archive"
      title="Account archive"
      header={<p className="panel__subtitle">Your whole history as one file: to keep, or to bring into a new account.</p>}
    >
      <div className="account-archive__row">
        <button type="button" className="button button--secondary" disabled={downloading.isLoading} onClick={() => void save()}>
          {downloading.isLoading ? 'Preparing the archive…' : 'Download archive'}
        </button>
        <p className="field__hint">Every goal, task, to-do, habit, completion and point with its date, and your settings. No password or e-mail.</p>
      </div>
      {downloading.error && <FormAlert kind="error">{failureText(downloading.error, accountArchiveFailures.download)}</FormAlert>}
      <div className="field">
        <label className="field__label" htmlFor={fileId}>
          Restore from archive
        </label>
        <input
          id={fileId}
          className="field__input"
          type="file"
          accept=".json,application/json"
          onChange={(event) => void choose(event)}
          aria-describedby={`${fileId}-hint`}
        />
        <p id={`${fileId}-hint`} className="field__hint">
          Only into an account that has nothing in it yet.
        </p>
      </div>
      {problem && <FormAlert kind="error">{problem}</FormAlert>}
      {chosen && counts && (
        <div className="account-archive__preview" aria-label="What the archive holds">
          <p>
            <strong>{chosen.name}</strong>, saved {new Date(chosen.manifest.exportedAt).toLocaleString()}, holds:
          </p>
          <ul>
            <li>
              {plural(counts.goals, 'goal')}, {plural(counts.tasks, 'task')}, {plural(counts.subtasks, 'subtask')}
            </li>
            <li>
              {plural(counts.actionables, 'to-do')}, {plural(counts.habits, 'habit')}, {plural(counts.freezes, 'freeze')}
            </li>
            <li>
              {plural(counts.points, 'point')} from {plural(counts.events, 'recorded change')}
            </li>
          </ul>
          <button type="button" className="button button--primary" disabled={restoring.isLoading} onClick={() => void bringBack()}>
            {restoring.isLoading ? 'Restoring…' : 'Restore into this account'}
          </button>
        </div>
      )}
      {restoring.error && <FormAlert kind="error">{refusalOf(restoring.error)}</FormAlert>}
    </SettingsSection>
  );
};
