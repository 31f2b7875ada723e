import bcrypt from 'bcryptjs';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Compares against `hash`, or against a throwaway hash when there is none, so timing tells nothing. */
  verify(password: string, hash: string | undefined): Promise<boolean>;
}

export const createPasswordHasher = (cost: number): PasswordHasher => {
  const decoy = bcrypt.hashSync('decoy-password-for-unknown-accounts', cost);
  return {
    hash: (password) => bcrypt.hash(password, cost),
    async verify(password, hash) {
      const ok = await bcrypt.compare(password, hash ?? decoy);
      return hash !== undefined && ok;
    },
  };
};
