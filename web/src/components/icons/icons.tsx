/** Small stroke icons; decorative, so hidden from assistive technology (the buttons carry names). */
const Icon = ({ d }: { d: string }) => (
  <svg className="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);

export const ChevronIcon = () => <Icon d="M7.5 5l5 5-5 5" />;
export const CheckIcon = () => <Icon d="M4.5 10.5l3.5 3.5 7.5-8" />;
export const EditIcon = () => <Icon d="M12.5 4.5l3 3-8.5 8.5H4v-3l8.5-8.5z" />;
export const TrashIcon = () => <Icon d="M4.5 6h11M8 6V4.5h4V6M6 6l.8 9.5h6.4L14 6" />;
export const PlusIcon = () => <Icon d="M10 4.5v11M4.5 10h11" />;
export const CalendarIcon = () => <Icon d="M4.5 6h11v9.5h-11zM4.5 9h11M7.5 4v3M12.5 4v3" />;
export const StarIcon = () => <Icon d="M10 3.5l1.9 4 4.3.5-3.2 3 .9 4.3L10 13.2l-3.9 2.1.9-4.3-3.2-3 4.3-.5z" />;
export const UndoIcon = () => <Icon d="M7 5L3.5 8.5 7 12M3.5 8.5H12a4 4 0 010 8H9" />;
export const FlameIcon = () => (
  <Icon d="M10 16.5c-3 0-5-2-5-4.6 0-2.6 2.2-4 2.7-6.9 1.6 1 2.3 2.6 2.3 3.7.8-.6 1.3-1.6 1.4-2.7 1.9 1.5 3.6 3.6 3.6 5.9 0 2.6-2 4.6-5 4.6z" />
);
export const BellIcon = () => <Icon d="M6 13.5V9a4 4 0 018 0v4.5l1.5 1.5h-11zM8.5 16.5a1.5 1.5 0 003 0" />;
export const LinkIcon = () => <Icon d="M8.5 11.5l3-3M7 9.5l-1.5 1.5a2.5 2.5 0 003.5 3.5l1.5-1.5M13 10.5l1.5-1.5A2.5 2.5 0 0011 5.5L9.5 7" />;
export const UploadIcon = () => <Icon d="M10 13V4.5M6.5 8L10 4.5 13.5 8M4.5 13.5v2h11v-2" />;
export const DownloadIcon = () => <Icon d="M10 4.5V13M6.5 9.5L10 13l3.5-3.5M4.5 13.5v2h11v-2" />;
