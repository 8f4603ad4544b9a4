import type { Database } from '../db/client';

type Tx = Database;

/** Who is being exported or erased, and what identifies them in free text. */
export interface DataSubject {
  userId: string;
  /** As the account has it; compared without regard to case. */
  email: string;
  name: string;
  /** Every recipient number the customer used (orders, saved recipients, top-up requests): national digits. */
  phones: string[];
  /** The address that replaces theirs: unique, never deliverable (RFC 2606 `.invalid`). */
  placeholderEmail: string;
  now: Date;
}

/** One table's share of a customer's data. */
export interface PersonalDataTable {
  /** The table's name in SQL. */
  table: string;
  /** The section of the export its rows go to; absent when the export shows nothing of it (secrets, internals). */
  exportAs?: string;
  export?(tx: Tx, subject: DataSubject): Promise<unknown>;
  /** Removes or replaces the subject's personal data in this table. Runs inside the deletion's transaction. */
  erase(tx: Tx, subject: DataSubject): Promise<void>;
}
