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
