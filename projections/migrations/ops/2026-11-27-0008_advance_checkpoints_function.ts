// Frozen once landed. The reactors' lanes commit their checkpoints as the read models' lanes do.
export { down, up } from '../2026-11-27-0020_advance_checkpoints_function.ts';
