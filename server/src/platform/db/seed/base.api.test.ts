import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestPlatform } from '../../../../../tests/support/use-test-platform';
import { permission } from '../schema';
import { ensureBaseData } from './base';

const t = useTestPlatform();

describe('the base data at each start', () => {
  it("brings the menu's names up to date in an installed database (the platform's, no screen edits them)", async () => {
    const { db } = t.p.deps;
    // as an earlier version named it
    await db.update(permission).set({ name_en: 'Registration desk' }).where(eq(permission.key, 'queueRegister'));
    await ensureBaseData(db, 'Admin@123');
    const [row] = await db.select().from(permission).where(eq(permission.key, 'queueRegister'));
    expect(row).toMatchObject({ name: '登记台', name_en: 'Registration' });
  });
});
