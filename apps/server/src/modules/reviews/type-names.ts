import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The file types as the texts the server writes name them (decision 032): the notifications, the
 * pushes and the "waiting for me" items read "Skisse", never the API's value 'Sketch'. One name
 * for both languages, like the stage and design names beside it; HQ and LQ are the same in both.
 */
const FILE_TYPE_NAMES: Record<string, string> = { Sketch: 'Skisse', HQ: 'HQ', LQ: 'LQ' };

export const fileTypeName = (typeFile: string) => FILE_TYPE_NAMES[typeFile] ?? typeFile;

/** The same name in SQL, for a column holding a type. */
export const fileTypeNameSql = (column: AnyColumn): SQL =>
  sql`case ${column} ${sql.join(
    Object.entries(FILE_TYPE_NAMES).map(([type, name]) => sql`when ${type} then ${name}`),
    sql` `,
  )} else ${column} end`;
