package io.github.pgperf.work;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Write-ahead log generated, as PostgreSQL counts it ({@code pg_stat_statements}' and {@code
 * pg_stat_wal}'s {@code wal_records}, {@code wal_fpi}, {@code wal_bytes}).
 *
 * @param records WAL records
 * @param fullPageImages full-page images (a page's first change after a checkpoint writes it whole)
 * @param bytes WAL bytes
 */
@API(status = EXPERIMENTAL, since = "0.1.0")
public record WalUsage(long records, long fullPageImages, long bytes) {

  /** No WAL. */
  public static final WalUsage NONE = new WalUsage(0, 0, 0);

  /** Both added. */
  public WalUsage plus(WalUsage o) {
    return new WalUsage(records + o.records, fullPageImages + o.fullPageImages, bytes + o.bytes);
  }

  /** What was generated since {@code earlier}, a reading of the same growing counters. */
  public WalUsage since(WalUsage earlier) {
    return new WalUsage(
        records - earlier.records, fullPageImages - earlier.fullPageImages, bytes - earlier.bytes);
  }
}
