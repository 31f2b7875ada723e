// Frozen once landed. The reactors' lane checkpoints carried over to one per partition, as the read
// models' migration of the same name does.
export { down, up } from '../2026-11-27-0013_partitioned_checkpoints.ts';
