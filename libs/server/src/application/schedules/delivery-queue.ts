/**
 * Where claimed runs of schedules wait for delivery (docs/operations.md "Schedules across replicas"): pg-boss on a
 * PostgreSQL state database, in process on SQLite state. Both hand each run to ScheduleRunProcessor and retry it
 * with exponential backoff (delivery-policy.ts) until it is done.
 */
export interface DeliveryQueue {
  /** Start taking runs (after the app's modules are ready). */
  start(): Promise<void>;
  /**
   * Queue one run for delivery. Idempotent: a run already queued (or in progress) is not queued twice; pg-boss keys
   * its job by the run's id, with singletonKey `schedule_id:due_at`.
   */
  enqueue(run: { id: string; scheduleId: string; dueAt: string }): Promise<void>;
  /** Stop taking runs and wait for the deliveries in progress (at most `graceMs`). */
  stop(graceMs: number): Promise<void>;
}
