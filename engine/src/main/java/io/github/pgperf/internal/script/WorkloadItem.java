package io.github.pgperf.internal.script;

/**
 * What one transaction of a client runs: a pgbench {@link Script} or a {@link JavaTransaction}. The
 * runner chooses items by weight and measures both alike: one latency sample and one transaction
 * per execution, statistics per item.
 */
public sealed interface WorkloadItem permits Script, JavaTransaction {

  /** The name in reports: a script's file name or description, a Java transaction's name. */
  String name();
}
