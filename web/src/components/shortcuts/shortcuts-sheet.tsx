import { ModalDialog } from '../dialogs/modal-dialog.tsx';
import './shortcuts-sheet.css';

export interface ShortcutLine {
  keys: string;
  label: string;
}

/** The keys of a shortcut as the sheet shows them: 'g d' → g then d. */
const Keys = ({ keys }: { keys: string }) => {
  const parts = keys.split(' ');
  return (
    <>
      {parts.map((key, index) => (
        <span key={`${key}-${index}`}>
          {index > 0 && <span className="shortcuts__then"> then </span>}
          <kbd className="shortcuts__key">{key === 'Escape' ? 'Esc' : key}</kbd>
        </span>
      ))}
    </>
  );
};

/** The `?` sheet: every keyboard shortcut, in a dialog (Escape or Close leaves it). Loaded only when opened. */
export const ShortcutsSheet = ({ shortcuts, onClose }: { shortcuts: readonly ShortcutLine[]; onClose: () => void }) => (
  <ModalDialog
    title="Keyboard shortcuts"
    onCancel={onClose}
    actions={
      <button type="button" className="button button--secondary" onClick={onClose} autoFocus>
        Close
      </button>
    }
  >
    <table className="shortcuts" data-testid="shortcuts-sheet">
      <caption className="visually-hidden">Keys and what they do</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">Keys</th>
          <th scope="col">Does</th>
        </tr>
      </thead>
      <tbody>
        {[...shortcuts, { keys: 'Escape', label: 'Close a dialog, this one too' }].map((shortcut) => (
          <tr key={shortcut.keys}>
            <td className="shortcuts__keys">
              <Keys keys={shortcut.keys} />
            </td>
            <td>{shortcut.label}</td>
          </tr>
        ))}
      </tbody>
    </table>
    <p className="shortcuts__note">They do nothing while you type in a field, or with Ctrl, Alt or ⌘ held.</p>
  </ModalDialog>
);
