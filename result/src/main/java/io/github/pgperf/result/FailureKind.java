package io.github.pgperf.result;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/** Why a transaction failed, as pgbench tells failures apart. */
@API(status = STABLE, since = "0.1.0")
public enum FailureKind {
  /** SQLSTATE 40001, retried up to the maximum number of tries. */
  SERIALIZATION,
  /** SQLSTATE 40P01, retried up to the maximum number of tries. */
  DEADLOCK,
  /** Any other error; pgbench 15 aborts the client instead, so this stays zero for its scripts. */
  OTHER
}
