import { describe, expect, it, vi } from 'vitest';
import { isVanishedSchema } from './dialect';
import { retryOnTransientConflict, retryWhen } from './retry';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('retrying a transaction PostgreSQL broke off', () => {
  it('runs it again after a deadlock or a serialization failure, and answers what succeeds', async () => {
    const transaction = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(failure('40P01'))
      .mockRejectedValueOnce(failure('40001'))
      .mockResolvedValue('done');
    await expect(retryOnTransientConflict(transaction)).resolves.toBe('done');
    expect(transaction).toHaveBeenCalledTimes(3);
  });

  it('gives up after three attempts with the last failure', async () => {
    const transaction = vi.fn<() => Promise<string>>().mockRejectedValue(failure('40P01'));
    await expect(retryOnTransientConflict(transaction)).rejects.toMatchObject({ code: '40P01' });
    expect(transaction).toHaveBeenCalledTimes(3);
  });

  it('never repeats one that failed for any other reason', async () => {
    const transaction = vi.fn<() => Promise<string>>().mockRejectedValue(failure('23503'));
    await expect(retryOnTransientConflict(transaction)).rejects.toMatchObject({ code: '23503' });
    expect(transaction).toHaveBeenCalledTimes(1);
  });
});

describe('migrating while another schema of the database is dropped', () => {
  it('tries again when PostgreSQL says a schema, a table or a column vanished mid-way, and nothing else', async () => {
    for (const vanished of ['3F000', '42P01', '42703']) {
      const migrate = vi
        .fn<() => Promise<string>>()
        .mockRejectedValueOnce(failure(vanished))
        .mockResolvedValue('up');
      await expect(retryWhen(isVanishedSchema, migrate)).resolves.toBe('up');
      expect(migrate).toHaveBeenCalledTimes(2);
    }
    const refused = vi.fn<() => Promise<string>>().mockRejectedValue(failure('42P07'));
    await expect(retryWhen(isVanishedSchema, refused)).rejects.toMatchObject({ code: '42P07' });
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
