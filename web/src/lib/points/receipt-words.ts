import type { PointsReceipt } from '@tracker/contracts/points/receipt';

/*
 * A receipt in words: how the server's rules counted an award, or what a revocation took back. The
 * numbers come from the receipt (its inputs and points); nothing here recounts a rule.
 */

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** 'weight 2 × 10, halved: 1 day late' — how, without the points. */
export const receiptWords = (receipt: PointsReceipt): string => {
  switch (receipt.rule) {
    case 'goal':
    case 'task':
    case 'subtask':
      return `priority ${receipt.inputs.priority} ${receipt.rule}: ${receipt.inputs.base} × ${6 - receipt.inputs.priority}`;
    case 'actionable': {
      const { weight, pointsToBeAwarded, late, daysLate } = receipt.inputs;
      const full = pointsToBeAwarded > 0 ? `its own ${plural(pointsToBeAwarded, 'point')}` : `weight ${weight} × 10`;
      return late ? `${full}, halved: ${plural(daysLate, 'day')} late` : full;
    }
    case 'habit': {
      const { weight, streak } = receipt.inputs;
      const bonus = receipt.points - 10 * weight;
      return `weight ${weight} × 10${bonus > 0 ? `, +${bonus} for streak ${streak}` : `, streak ${Math.max(1, streak)}`}`;
    }
    case 'habitBackfill': {
      const { weight, streak, recounted } = receipt.inputs;
      const later = recounted.length > 0 ? `; ${plural(recounted.length, 'later day')} recounted` : '';
      return `weight ${weight} at streak ${Math.max(1, streak)}, halved: recorded afterwards${later}`;
    }
    case 'revocation':
      return `takes back the award${receipt.rulesVersion === null ? '' : ` counted by rules v${receipt.rulesVersion}`}`;
    default: {
      const _exhaustive: never = receipt;
      return '';
    }
  }
};

/** '+20: weight 2 × 10, halved: 1 day late', '−33: takes back the award counted by rules v1'. */
export const receiptText = (receipt: PointsReceipt): string => `${receipt.points >= 0 ? '+' : '−'}${Math.abs(receipt.points)}: ${receiptWords(receipt)}`;

/** Before completing: 'Worth +20: weight 2 × 10'. */
export const worthText = (receipt: PointsReceipt): string => `Worth ${receiptText(receipt)}`;
