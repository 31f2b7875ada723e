import { ShortcutsSheet, type ShortcutLine } from '../../components/shortcuts/shortcuts-sheet.tsx';
import { QuickAddDialog } from '../../features/quick-add/components/quick-add-dialog.tsx';

/** The command bar's dialogs, one chunk loaded the first time either opens. */
const CommandDialogs = ({ open, shortcuts, onClose }: { open: 'quick-add' | 'sheet'; shortcuts: readonly ShortcutLine[]; onClose: () => void }) =>
  open === 'quick-add' ? <QuickAddDialog onClose={onClose} /> : <ShortcutsSheet shortcuts={shortcuts} onClose={onClose} />;

export default CommandDialogs;
