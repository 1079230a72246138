import { describe, expect, it } from 'vitest';
import { ReadsDisagree } from '../../../domain/errors.js';
import { writeOptimistically } from '../../../functions/platform/dynamo/optimistic.js';
import { WriteRace } from '../../../functions/platform/dynamo/transact.js';

const exhausted = () => new Error('exhausted');

describe('writeOptimistically', () => {
  it('decides again after a lost race and after reads that disagree, then answers', async () => {
    const thrown = [new WriteRace('lost'), new ReadsDisagree('apart'), new ReadsDisagree('apart')];
    const attempts: number[] = [];
    const result = await writeOptimistically({
      budgetMs: 0,
      onExhausted: exhausted,
      run: async (attempt) => {
        attempts.push(attempt);
        const error = thrown.shift();
        if (error) throw error;
        return 'done';
      },
    });
    expect(result).toBe('done');
    expect(attempts).toEqual([1, 2, 3, 4]);
  });

  it('reads that keep disagreeing are corrupt data: the third disagreement is thrown as it is', async () => {
    let runs = 0;
    const failure = writeOptimistically({
      budgetMs: 0,
      onExhausted: exhausted,
      run: async () => {
        runs += 1;
        throw new ReadsDisagree('still apart');
      },
    });
    await expect(failure).rejects.toThrow(new ReadsDisagree('still apart'));
    expect(runs).toBe(3);
  });

  it('any other error is thrown at once', async () => {
    let runs = 0;
    const failure = writeOptimistically({
      onExhausted: exhausted,
      run: async () => {
        runs += 1;
        throw new TypeError('bug');
      },
    });
    await expect(failure).rejects.toThrow(TypeError);
    expect(runs).toBe(1);
  });
});
