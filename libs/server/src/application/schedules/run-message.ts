/**
 * The content one run of a schedule delivers (docs/http-api.md "Schedules and alerts", "Messages"): the `json`
 * webhook format is this object as it is; the Slack, Teams and email formats are made from it.
 */

/** One saved answer's result in a run: its rows read again now, and the answer in plain words. */
export interface DeliveredResult {
  saved_id: string;
  name: string;
  columns: string[];
  rows: unknown[][];
  answer: string;
  /** When the rows were read (ISO-8601 UTC). */
  read_at: string;
  row_count: number;
}

/** The `json` webhook message. */
export interface RunMessage {
  schedule_id: string;
  name: string;
  run_id: string;
  /** The slot the run is for (ISO-8601 UTC). */
  due_at: string;
  /** The slot was missed while no replica ran and is sent late. */
  late: boolean;
  results: DeliveredResult[];
}

/** The title line of a message: the schedule's name, and a note when it is sent late. */
export function messageTitle(message: RunMessage): string {
  return message.late ? `${message.name} (late: due ${message.due_at})` : message.name;
}
