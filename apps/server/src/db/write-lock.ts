/**
 * The row lock a workflow step takes on a promotion or a design line it is about to change.
 * FOR NO KEY UPDATE conflicts with every other writer and sharer of the row, but not with the
 * key-share lock a foreign key's check takes. A read-model refresh (decision 039) holds its advisory
 * lock while inserting rows that point at promotions and design lines; under FOR UPDATE that insert
 * waited for the step while the step waited for the refresh's lock: "deadlock detected". Deleting a
 * row takes FOR UPDATE by itself.
 */
export const WRITE_LOCK = 'no key update' as const;
