import { sql } from 'drizzle-orm';
import { idCheckDigit } from '../../../contracts/user-rules';
import type { Tx } from '../client';

/**
 * 用户管理's demo data (issue 10): resident ID numbers (GB 11643 check character) for the demo school's
 * staff and students that have none, so 账号初始化 has initial passwords to give (the last 6
 * characters). Region 110101, birth dates by type (staff 1975-1990, students 2010-2018), the order
 * number from the row's place: the same rows get the same numbers on every seed. Passwords are not
 * touched: the demo accounts keep the demo password.
 */
export async function seedIdNumbers(tx: Tx): Promise<number> {
  const rows = (
    await tx.execute<{ id: string; user_type: string; gender: string | null }>(
      sql`SELECT id::text, user_type, gender FROM users WHERE user_type IN ('1', '2', '3') AND id_number = '' ORDER BY user_type, username`,
    )
  ).rows;
  let index = 0;
  for (const row of rows) {
    index += 1;
    const year = row.user_type === '2' ? 2010 + (index % 9) : 1975 + (index % 16);
    const month = String(1 + (index % 12)).padStart(2, '0');
    const day = String(1 + (index % 28)).padStart(2, '0');
    // the 17th digit is odd for men, even for women (GB 11643)
    const order = (index % 99) * 10 + (row.gender === '2' ? 2 : 1);
    const first = `110101${year}${month}${day}${String(order).padStart(3, '0')}`;
    await tx.execute(sql`UPDATE users SET id_number = ${first + idCheckDigit(first)} WHERE id = ${row.id}::uuid`);
  }
  return rows.length;
}
