package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How many transactions ended how. A transaction is either processed (it succeeded, possibly after
 * retries), failed (after its last try) or skipped (under {@code -R} with {@code -L}, never run).
 *
 * @param processed successful transactions (pgbench's "actually processed")
 * @param serializationFailures transactions that failed with SQLSTATE 40001 on their last try
 * @param deadlockFailures transactions that failed with SQLSTATE 40P01 on their last try
 * @param otherFailures transactions that failed with any other error
 * @param retried transactions (processed or failed) that needed more than one try
 * @param retries retries in all (tries beyond the first)
 * @param skipped transactions skipped because they were already late when scheduled
 * @param late processed transactions whose latency exceeded the latency limit
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record Counts(
    long processed,
    long serializationFailures,
    long deadlockFailures,
    long otherFailures,
    long retried,
    long retries,
    long skipped,
    long late) {

  /** Nothing counted. */
  public static final Counts NONE = new Counts(0, 0, 0, 0, 0, 0, 0, 0);

  /** All failed transactions. */
  public long failed() {
    return serializationFailures + deadlockFailures + otherFailures;
  }

  /** Every transaction that ended: processed, failed or skipped (pgbench's percent denominator). */
  public long total() {
    return processed + failed() + skipped;
  }

  /** Both counts added. */
  public Counts plus(Counts o) {
    return new Counts(
        processed + o.processed,
        serializationFailures + o.serializationFailures,
        deadlockFailures + o.deadlockFailures,
        otherFailures + o.otherFailures,
        retried + o.retried,
        retries + o.retries,
        skipped + o.skipped,
        late + o.late);
  }

  /** What was counted since {@code earlier}, a reading of the same growing counts. */
  public Counts since(Counts e) {
    return new Counts(
        processed - e.processed,
        serializationFailures - e.serializationFailures,
        deadlockFailures - e.deadlockFailures,
        otherFailures - e.otherFailures,
        retried - e.retried,
        retries - e.retries,
        skipped - e.skipped,
        late - e.late);
  }
}
