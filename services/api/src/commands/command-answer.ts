/**
 * The answer to a command (read-your-writes): what the read model holds once it has the command's
 * events; else — the read models behind the bound, or the item not there yet — the command's own
 * state over what the read model knew. Never a 404 for what was just written. Every feature's
 * command routes answer through this.
 */
export const commandAnswer = async <Answer>(
  settled: boolean,
  read: () => Promise<Answer | undefined>,
  fromCommand: (known: Answer | undefined) => Answer,
): Promise<Answer> => {
  const known = await read();
  return settled && known !== undefined ? known : fromCommand(known);
};
