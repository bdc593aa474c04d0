package io.github.pgperf.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.pgperf.work.LockWaiter;
import io.github.pgperf.work.SampleWork;
import io.github.pgperf.work.ServerCpu;
import io.github.pgperf.work.ServerWork;
import io.github.pgperf.work.StatementWork;
import io.github.pgperf.work.Unavailable;
import io.github.pgperf.work.WaitEvents;
import io.github.pgperf.work.WorkPart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultJsonTest {

  @TempDir Path dir;

  @Test
  void roundTripThroughAFileGivesAnEqualResult() throws Exception {
    RunResult result = SampleRuns.run(7, 2, 5_000);
    Path file = dir.resolve("result.json");
    ResultJson.write(result, file);
    RunResult read = ResultJson.read(file);
    assertThat(read).isEqualTo(result);
    assertThat(read.total().latency().percentileMicros(99.99))
        .isEqualTo(result.total().latency().percentileMicros(99.99));
    assertThat(read.timeline()).hasSize(10).isEqualTo(result.timeline());
    assertThat(ResultJson.toJson(read)).isEqualTo(Files.readString(file));
  }

  @Test
  void resultsReadBackMergeExactly() throws Exception {
    RunResult a = SampleRuns.run(1, 1, 3_000);
    RunResult b = SampleRuns.run(2, 2, 3_000);
    RunResult aRead = ResultJson.fromJson(ResultJson.toJson(a), "a");
    RunResult bRead = ResultJson.fromJson(ResultJson.toJson(b), "b");
    assertThat(RunResult.merge(aRead, bRead)).isEqualTo(RunResult.merge(a, b));
  }

  @Test
  void schemaVersionComesFirstAndDerivedFiguresAreNotStored() throws Exception {
    String json = ResultJson.toJson(SampleRuns.run(1, 1, 100));
    assertThat(json).startsWith("{\n  \"schemaVersion\" : 7,\n  \"settings\" : {");
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(json);
    List<String> fields = new ArrayList<>();
    root.fieldNames().forEachRemaining(fields::add);
    assertThat(fields)
        .containsExactly(
            "schemaVersion",
            "settings",
            "target",
            "server",
            "clientMachines",
            "startedAt",
            "endedAt",
            "benchSeconds",
            "initialConnectionMicros",
            "connectionMicros",
            "scripts",
            "timeline",
            "aborted",
            "identity",
            "serverWork",
            "aborts",
            "cpu");
    assertThat(json)
        .doesNotContain("\"tps\"", "\"mean\"", "\"total\"", "\"failed\"", "\"transactionType\"");
    assertThat(root.at("/settings/length/kind").asText()).isEqualTo("duration");
    assertThat(root.at("/scripts/0/stats/latency/histogram").asText())
        .matches("[A-Za-z0-9+/=]{20,}");
  }

  @Test
  void wrongSchemaVersionIsRefusedNamingFileAndVersion() throws Exception {
    Path file = dir.resolve("future.json");
    Files.writeString(
        file,
        ResultJson.toJson(SampleRuns.run(1, 1, 10))
            .replace("\"schemaVersion\" : 7", "\"schemaVersion\" : 8"));
    assertThatThrownBy(() -> ResultJson.read(file))
        .isInstanceOf(ResultFileException.class)
        .hasMessage(
            "cannot read result file \""
                + file
                + "\": schema version 8 is not supported (this pgperf reads versions 1 to 7)");
  }

  @Test
  void serverWorkIsWrittenAndReadBackWholeOrInPart() throws Exception {
    RunResult full = SampleRuns.run(1, 1, 10).withServerWork(SampleWork.full(3));
    RunResult partial = SampleRuns.run(1, 1, 10).withServerWork(SampleWork.partial(2));
    assertThat(ResultJson.fromJson(ResultJson.toJson(full), "t")).isEqualTo(full);
    assertThat(ResultJson.fromJson(ResultJson.toJson(partial), "t")).isEqualTo(partial);
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(partial));
    assertThat(root.at("/serverWork/statements").isNull()).isTrue();
    assertThat(root.at("/serverWork/cpu").isNull()).isTrue();
    assertThat(root.at("/serverWork/unavailable/0/part").asText()).isEqualTo("STATEMENTS");
    assertThat(root.at("/serverWork/database/commits").asLong()).isEqualTo(200);
    assertThat(root.at("/serverWork/waits/counts/0/event").asText()).isEqualTo("CPU");
    root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(full));
    assertThat(root.at("/serverWork/statements/0/blocks/sharedHit").asLong()).isEqualTo(1800);
    assertThat(root.at("/serverWork/cpu/checkpointerMicros").asLong()).isZero();
    assertThat(root.at("/serverWork/cpu/machine/busyMicros").asLong()).isEqualTo(4_500_000);
    assertThat(root.at("/serverWork").has("meanExecMillis")).isFalse();
  }

  @Test
  void theStatementsWaitingOnLocksRoundTripAndFilesWithoutThemReadAsNone() throws Exception {
    ServerWork work = SampleWork.full(1);
    WaitEvents waits =
        new WaitEvents(
            10,
            50,
            work.waits().counts(),
            List.of(new LockWaiter("UPDATE counter SET n = n + 1 WHERE id = 1", 7)));
    RunResult run =
        SampleRuns.run(1, 1, 10)
            .withServerWork(
                new ServerWork(
                    work.windowSeconds(),
                    work.statements(),
                    work.database(),
                    work.wal(),
                    work.checkpoints(),
                    waits,
                    work.cpu(),
                    work.unavailable()));
    assertThat(ResultJson.fromJson(ResultJson.toJson(run), "t")).isEqualTo(run);
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    assertThat(root.at("/serverWork/waits/lockWaiters/0/statement").asText())
        .isEqualTo("UPDATE counter SET n = n + 1 WHERE id = 1");
    assertThat(root.at("/serverWork/waits/lockWaiters/0/count").asLong()).isEqualTo(7);

    // Schema 7's first files did not keep them: read as none waiting named.
    ((ObjectNode) root.at("/serverWork/waits")).remove("lockWaiters");
    RunResult read = ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "older");
    assertThat(read.serverWork().waits().lockWaiters()).isEmpty();
    assertThat(read.serverWork().waits().counts()).isEqualTo(waits.counts());
  }

  @Test
  void serverWorkThatDoesNotSayWhyAPartIsMissingIsRefused() throws Exception {
    String json = ResultJson.toJson(SampleRuns.run(1, 1, 10).withServerWork(SampleWork.partial(1)));
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(json);
    ((ObjectNode) root.get("serverWork")).putArray("unavailable");
    assertThatThrownBy(() -> ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "t"))
        .hasMessage(
            "cannot read result t: at serverWork: server work without"
                + " [STATEMENTS, SERVER_CPU] must say why in unavailable");
  }

  @Test
  void schemaVersion3IsReadWithoutTheMachinesCpu() throws Exception {
    RunResult run = SampleRuns.run(1, 1, 10).withServerWork(SampleWork.full(1));
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    root.put("schemaVersion", 3);
    asSchema5(root);
    ((ObjectNode) root.get("identity")).remove("test");
    ((ObjectNode) root.at("/serverWork/cpu")).remove("machine");
    RunResult read = ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "v3");
    assertThat(read.serverWork().cpu().machine()).isNull();
    assertThat(read.serverWork().cpu().backendsMicros())
        .isEqualTo(run.serverWork().cpu().backendsMicros());
    assertThat(read.serverWork().cpu().othersShare()).isNaN();
  }

  @Test
  void schemaVersion2IsReadWithoutServerWork() throws Exception {
    RunResult run = SampleRuns.run(1, 1, 10).withServerWork(SampleWork.full(1));
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    root.put("schemaVersion", 2);
    asSchema5(root);
    ((ObjectNode) root.get("identity")).remove("test");
    assertThatThrownBy(() -> ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "t"))
        .hasMessage("cannot read result t: field \"serverWork\" is not part of schema version 2");
    root.remove("serverWork");
    RunResult read = ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "v2");
    assertThat(read.serverWork()).isNull();
    assertThat(read).isEqualTo(run.withServerWork(null));
  }

  @Test
  void identityAndMachineAreWrittenAndReadBack() throws Exception {
    RunResult run = SampleRuns.run(1, 1, 10).withIdentity(new RunIdentity("b-42", 3));
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    assertThat(root.at("/identity/build").asText()).isEqualTo("b-42");
    assertThat(root.at("/identity/trial").asInt()).isEqualTo(3);
    assertThat(root.at("/clientMachines/0").has("cpu")).isTrue();
    assertThat(root.at("/clientMachines/0").has("memoryBytes")).isTrue();
    assertThat(ResultJson.fromJson(ResultJson.toJson(run), "t")).isEqualTo(run);
  }

  @Test
  void theTestThatRanItIsWrittenAndReadBack() throws Exception {
    TestIdentity test =
        new TestIdentity("com.acme.Outer.OrdersIT", "insert", "clients=8", Map.of("clients", 8));
    RunResult run = SampleRuns.run(1, 1, 10).withIdentity(new RunIdentity("b-42", 3, test));
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    assertThat(root.at("/identity/test/className").asText()).isEqualTo("com.acme.Outer.OrdersIT");
    assertThat(root.at("/identity/test/method").asText()).isEqualTo("insert");
    assertThat(root.at("/identity/test/displayName").asText()).isEqualTo("clients=8");
    assertThat(root.at("/identity/test/sweep/clients").asInt()).isEqualTo(8);
    assertThat(ResultJson.fromJson(ResultJson.toJson(run), "t")).isEqualTo(run);
    // The key is today's file name stem: baselines stored under it keep matching.
    assertThat(test.key("clients-8")).isEqualTo("OrdersIT-insert-clients-8");
    assertThat(test.key("hot/path")).isEqualTo("OrdersIT-insert-hot_path");
    assertThat(test.sweepKey("clients-8")).isEqualTo("OrdersIT-insert");
    assertThat(test.sweepKey("read-clients-8")).isEqualTo("OrdersIT-insert-read");
    assertThat(new TestIdentity("OrdersIT", null, null, Map.of()).key(null)).isEqualTo("OrdersIT");
    assertThat(new TestIdentity("OrdersIT", "insert", "insert()", Map.of()).sweepKey(null))
        .isNull();
  }

  @Test
  void schemaVersion5IsReadWithTheSettingsUnderTheirOldName() throws Exception {
    RunResult run =
        SampleRuns.run(1, 1, 10)
            .withIdentity(
                new RunIdentity(
                    "b-42", 3, new TestIdentity("OrdersIT", "insert", "insert()", Map.of())));
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    root.put("schemaVersion", 5);
    String withNewName = new ObjectMapper().writeValueAsString(root);
    assertThatThrownBy(() -> ResultJson.fromJson(withNewName, "v5"))
        .isInstanceOf(ResultFileException.class)
        .hasMessageContaining("field \"settings\" is not part of schema version 5");
    root.set("workload", root.remove("settings"));
    String withAborts = new ObjectMapper().writeValueAsString(root);
    assertThatThrownBy(() -> ResultJson.fromJson(withAborts, "v5"))
        .hasMessageContaining("field \"aborts\" is not part of schema version 5");
    root.remove("aborts");
    assertThat(ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "v5"))
        .isEqualTo(run);
    // A bad field is named as the old file names it.
    ((ObjectNode) root.get("workload")).put("clients", "many");
    assertThatThrownBy(() -> ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "v5"))
        .hasMessageStartingWith("cannot read result v5: at workload.clients: ");
    assertThatThrownBy(() -> ResultJson.fromJson("{\"schemaVersion\": 1, \"workload\": {}}", "v1"))
        .hasMessageContaining("at workload.scripts: missing field \"scripts\"");
  }

  /**
   * Schema 5 and before held the settings under {@code workload}, and no aborts (nor, as schema 6,
   * statement evictions).
   */
  private static void asSchema5(ObjectNode root) {
    asSchema6(root);
    root.set("workload", root.remove("settings"));
    root.remove("aborts");
  }

  /** Schema 6 and before did not record evictions of pg_stat_statements nor a container's CPU. */
  private static void asSchema6(ObjectNode root) {
    if (root.get("serverWork") instanceof ObjectNode work) {
      work.remove("statementEvictions");
    }
    if (root.at("/serverWork/cpu") instanceof ObjectNode cpu) {
      cpu.remove("containerMicros");
    }
  }

  @Test
  void statementEvictionsAreWrittenAndReadBackAndUnknownInSchema6() throws Exception {
    RunResult run =
        SampleRuns.run(1, 1, 10).withServerWork(SampleWork.full(1).withStatementEvictions(3L));
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    assertThat(root.at("/serverWork/statementEvictions").asLong()).isEqualTo(3);
    RunResult read = ResultJson.fromJson(ResultJson.toJson(run), "t");
    assertThat(read).isEqualTo(run);
    assertThat(read.serverWork().statementsIncomplete()).isTrue();

    root.put("schemaVersion", 6);
    ((ObjectNode) root.at("/serverWork/cpu")).remove("containerMicros");
    String withEvictions = new ObjectMapper().writeValueAsString(root);
    assertThatThrownBy(() -> ResultJson.fromJson(withEvictions, "v6"))
        .hasMessage(
            "cannot read result v6: field \"serverWork.statementEvictions\" is not part"
                + " of schema version 6");
    asSchema6(root);
    RunResult old = ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "v6");
    assertThat(old.serverWork().statementEvictions()).isNull();
    assertThat(old.serverWork().statementsIncomplete()).isFalse();
    assertThat(old.serverWork().statements()).isEqualTo(run.serverWork().statements());

    root.put("schemaVersion", 7);
    ((ObjectNode) root.at("/serverWork/cpu")).putNull("containerMicros");
    ((ObjectNode) root.get("serverWork")).put("statementEvictions", -1);
    assertThatThrownBy(() -> ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "t"))
        .hasMessage("cannot read result t: at serverWork: negative statement evictions: -1");
  }

  @Test
  void statementsOfOldFilesAreReadByShape() throws Exception {
    RunResult run = SampleRuns.run(1, 1, 10).withServerWork(SampleWork.full(1));
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    root.put("schemaVersion", 6);
    asSchema6(root);
    ArrayNode statements = (ArrayNode) root.at("/serverWork/statements");
    ObjectNode first = statements.get(0).deepCopy();
    first.put("query", "SAVEPOINT JDBC_SAVEPOINT_1");
    ObjectNode second = statements.get(0).deepCopy();
    second.put("query", "savepoint JDBC_SAVEPOINT_2");
    statements.add(first).add(second);

    RunResult read = ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "v6");

    assertThat(read.serverWork().statementsContaining("SAVEPOINT"))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.query()).isEqualTo("SAVEPOINT <name>");
              assertThat(s.calls()).isEqualTo(2 * first.get("calls").asLong());
            });
  }

  @Test
  void nestedStatementsAreWrittenAndReadBackAndFilesWithoutThemSaySoWhenRead() throws Exception {
    ServerWork full = SampleWork.full(1);
    StatementWork top = full.statements().get(0);
    StatementWork nested =
        new StatementWork(top.query(), 7, 7, 0, 1.5, 0, top.blocks(), top.wal(), 0, 0, true);
    List<StatementWork> both = new ArrayList<>(full.statements());
    both.add(nested);
    RunResult run =
        SampleRuns.run(1, 1, 10)
            .withServerWork(
                new ServerWork(
                    full.windowSeconds(),
                    both,
                    full.database(),
                    full.wal(),
                    full.checkpoints(),
                    full.waits(),
                    full.cpu(),
                    full.unavailable()));
    // The same text run by a trigger and sent by a client: two statements.
    assertThat(run.serverWork().statementsContaining(top.query())).hasSize(2);
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    assertThat(root.at("/serverWork/statements/0/nested").isBoolean()).isTrue();
    RunResult read = ResultJson.fromJson(ResultJson.toJson(run), "t");
    assertThat(read).isEqualTo(run);
    assertThat(read.serverWork().nestedStatementsSeen()).isTrue();

    // A file written before nested statements were kept: every statement top level, and said.
    RunResult plain = SampleRuns.run(1, 1, 10).withServerWork(full);
    for (int version : new int[] {7, 6}) {
      ObjectNode old = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(plain));
      old.put("schemaVersion", version);
      if (version == 6) {
        asSchema6(old);
      }
      old.at("/serverWork/statements").forEach(st -> ((ObjectNode) st).remove("nested"));
      ServerWork before =
          ResultJson.fromJson(new ObjectMapper().writeValueAsString(old), "old").serverWork();
      assertThat(before.statements()).isEqualTo(full.statements()).noneMatch(StatementWork::nested);
      assertThat(before.nestedStatementsSeen()).isFalse();
      assertThat(before.whyUnavailable(WorkPart.NESTED_STATEMENTS))
          .isEqualTo(
              "not recorded:"
                  + " the result was written before pgperf kept the statements functions and triggers"
                  + " run");
    }
  }

  @Test
  void aContainersCpuIsWrittenAndReadBack() throws Exception {
    ServerWork full = SampleWork.full(1);
    ServerCpu container = ServerCpu.ofContainer(450_000, full.cpu().machine());
    RunResult run =
        SampleRuns.run(1, 1, 10)
            .withServerWork(
                new ServerWork(
                    full.windowSeconds(),
                    full.statements(),
                    full.database(),
                    full.wal(),
                    full.checkpoints(),
                    full.waits(),
                    container,
                    List.of(new Unavailable(WorkPart.BACKGROUND_CPU, "in a container"))));
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    assertThat(root.at("/serverWork/cpu/containerMicros").asLong()).isEqualTo(450_000);
    assertThat(root.at("/serverWork/cpu/walWriterMicros").isNull()).isTrue();
    RunResult read = ResultJson.fromJson(ResultJson.toJson(run), "t");
    assertThat(read).isEqualTo(run);
    assertThat(read.serverWork().cpu().totalMicros()).isEqualTo(450_000);
  }

  @Test
  void schemaVersion6IsReadWithoutTheContainersCpuAndRefusedWithIt() throws Exception {
    RunResult run = SampleRuns.run(1, 1, 10).withServerWork(SampleWork.full(1));
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    root.put("schemaVersion", 6);
    ((ObjectNode) root.get("serverWork")).remove("statementEvictions");
    String withContainer = new ObjectMapper().writeValueAsString(root);
    assertThatThrownBy(() -> ResultJson.fromJson(withContainer, "v6"))
        .hasMessage(
            "cannot read result v6: field \"serverWork.cpu.containerMicros\" is not part"
                + " of schema version 6");
    asSchema6(root);
    RunResult read = ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "v6");
    assertThat(read).isEqualTo(run);
    assertThat(read.serverWork().cpu().containerMicros()).isNull();
  }

  @Test
  void abortsAreWrittenAndReadBack() throws Exception {
    RunResult run =
        SampleRuns.run(1, 1, 10)
            .withAborts(
                List.of(
                    new Abort(
                        0,
                        List.of(
                            "ERROR:  division by zero",
                            "client 0 script 0 aborted in command 1 query 0: ERROR:  division by zero")),
                    new Abort(null, List.of("could not write to log file: disk full"))));
    assertThat(run.aborted()).isTrue();
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    assertThat(root.at("/aborts/0/client").asInt()).isZero();
    assertThat(root.at("/aborts/0/messages/1").asText()).startsWith("client 0 script 0 aborted");
    assertThat(root.at("/aborts/1/client").isNull()).isTrue();
    assertThat(ResultJson.fromJson(ResultJson.toJson(run), "t")).isEqualTo(run);
    assertThat(root.at("/aborts").size()).isEqualTo(2);
    assertThat(ResultJson.toJson(SampleRuns.run(1, 1, 10))).contains("\"aborts\" : [ ]");
  }

  @Test
  void abortsOfARunThatDidNotAbortOrWithoutMessagesAreRefused() throws Exception {
    RunResult run =
        SampleRuns.run(1, 1, 10).withAborts(List.of(new Abort(2, List.of("client 2 aborted"))));
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    root.put("aborted", false);
    assertThatThrownBy(() -> ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "t"))
        .hasMessageStartingWith("cannot read result t: a run that did not abort cannot say why");
    root.put("aborted", true);
    ((ObjectNode) root.at("/aborts/0")).putArray("messages");
    assertThatThrownBy(() -> ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "t"))
        .hasMessage("cannot read result t: at aborts[0]: an abort needs at least one message");
  }

  @Test
  void schemaVersion4IsReadWithoutTheTestAndRefusedWithIt() throws Exception {
    RunResult run =
        SampleRuns.run(1, 1, 10)
            .withIdentity(
                new RunIdentity(
                    "b-42", 3, new TestIdentity("OrdersIT", "insert", "insert()", Map.of())));
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    root.put("schemaVersion", 4);
    asSchema5(root);
    String withTest = new ObjectMapper().writeValueAsString(root);
    assertThatThrownBy(() -> ResultJson.fromJson(withTest, "v4"))
        .isInstanceOf(ResultFileException.class)
        .hasMessageContaining("field \"identity.test\" is not part of schema version 4");
    ((ObjectNode) root.get("identity")).remove("test");
    RunResult read = ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "v4");
    assertThat(read.identity()).isEqualTo(new RunIdentity("b-42", 3));
    assertThat(read.identity().test()).isNull();
  }

  @Test
  void schemaVersion1IsReadWithoutIdentityOrMachineDetails() throws Exception {
    RunResult run = SampleRuns.run(1, 1, 10);
    ObjectNode root = (ObjectNode) new ObjectMapper().readTree(ResultJson.toJson(run));
    root.put("schemaVersion", 1);
    asSchema5(root);
    root.remove("identity");
    root.remove("serverWork");
    ObjectNode machine = (ObjectNode) root.at("/clientMachines/0");
    machine.remove("cpu");
    machine.remove("memoryBytes");
    RunResult read = ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "old");
    assertThat(read.identity()).isNull();
    assertThat(read.clientMachines().get(0).cpu()).isNull();
    assertThat(read.clientMachines().get(0).memoryBytes()).isZero();
    assertThat(read.tps()).isEqualTo(run.tps());
    root.put("unknown", "x");
    assertThatThrownBy(() -> ResultJson.fromJson(new ObjectMapper().writeValueAsString(root), "t"))
        .isInstanceOf(ResultFileException.class);
  }

  @Test
  void missingSchemaVersionIsRefused() {
    assertThatThrownBy(() -> ResultJson.fromJson("{\"workload\": {}}", "file \"x.json\""))
        .hasMessage(
            "cannot read result file \"x.json\": no \"schemaVersion\" field; not a pgperf result");
  }

  @Test
  void unreadableJsonNamesFileAndPosition() throws Exception {
    Path file = dir.resolve("broken.json");
    Files.writeString(file, "{\"schemaVersion\": 1,\n  \"workload\": ");
    assertThatThrownBy(() -> ResultJson.read(file))
        .isInstanceOf(ResultFileException.class)
        .hasMessageStartingWith("cannot read result file \"" + file + "\": not valid JSON (")
        .hasMessageContaining("line 2");
  }

  @Test
  void missingFileNamesTheFile() {
    Path file = dir.resolve("absent.json");
    assertThatThrownBy(() -> ResultJson.read(file))
        .hasMessageStartingWith("cannot read result file \"" + file + "\": cannot read the file");
  }

  @Test
  void wrongContentNamesTheFieldPath() throws Exception {
    String json = ResultJson.toJson(SampleRuns.run(1, 1, 10));
    assertThatThrownBy(
            () ->
                ResultJson.fromJson(json.replace("\"clients\" : 2", "\"clients\" : \"many\""), "t"))
        .hasMessageStartingWith("cannot read result t: at settings.clients: ");
    assertThatThrownBy(() -> ResultJson.fromJson(json.replace("\"label\" :", "\"lable\" :"), "t"))
        .hasMessage("cannot read result t: at settings.label: missing field \"label\"");
    assertThatThrownBy(
            () ->
                ResultJson.fromJson(
                    json.replace("\"clients\" : 2,", "\"clients\" : 2, \"colour\" : 1,"), "t"))
        .hasMessageStartingWith(
            "cannot read result t: at settings.colour: Unrecognized field \"colour\"");
    assertThatThrownBy(
            () -> ResultJson.fromJson(json.replace("\"clients\" : 2", "\"clients\" : 0"), "t"))
        .hasMessage(
            "cannot read result t: at settings: clients and threads must be at least 1: 0, 1");
    String histogram =
        new ObjectMapper().readTree(json).at("/scripts/0/stats/latency/histogram").asText();
    assertThatThrownBy(() -> ResultJson.fromJson(json.replace(histogram, "AAAA"), "t"))
        .hasMessageStartingWith(
            "cannot read result t: at scripts[0].stats.latency: latency histogram is not a valid encoded HdrHistogram");
  }

  @Test
  void histogramThatDisagreesWithTheCountsIsRefused() throws Exception {
    String json = ResultJson.toJson(SampleRuns.run(1, 1, 100));
    long processed =
        new ObjectMapper().readTree(json).at("/scripts/0/stats/counts/processed").asLong();
    // A processed count other than the histogram's would make percentiles and counts disagree.
    assertThatThrownBy(
            () ->
                ResultJson.fromJson(
                    json.replaceFirst(
                        "\"processed\" : " + processed + ",",
                        "\"processed\" : " + (processed + 1) + ","),
                    "t"))
        .hasMessage(
            "cannot read result t: at scripts[0].stats: latency histogram holds "
                + processed
                + " and lag "
                + processed
                + " transactions, but "
                + (processed + 1)
                + " were processed");
  }

  @Test
  void extremesThatDisagreeWithTheHistogramAreRefused() throws Exception {
    String json = ResultJson.toJson(SampleRuns.run(1, 1, 100));
    long max = new ObjectMapper().readTree(json).at("/scripts/0/stats/latency/maxMicros").asLong();
    assertThatThrownBy(
            () ->
                ResultJson.fromJson(
                    json.replace(
                        "\"maxMicros\" : " + max + "\n",
                        "\"maxMicros\" : " + (2 * max + 10) + "\n"),
                    "t"))
        .hasMessageStartingWith("cannot read result t: at scripts[0].stats.latency: minimum ")
        .hasMessageContaining("disagree with the histogram");
  }

  @Test
  void noTypeOfAResultCanHoldAPassword() {
    // The harness checks a run to a server with a password (run.NoPasswordInResultTest); here,
    // structurally: no type a result is made of has a field that could hold one.
    for (Class<?> type :
        List.of(
            RunResult.class,
            Target.class,
            RunSettings.class,
            ServerInfo.class,
            ClientMachine.class,
            ScriptResult.class,
            StatementResult.class,
            Interval.class,
            Stats.class)) {
      assertThat(Arrays.stream(type.getRecordComponents()).map(c -> c.getName().toLowerCase()))
          .as(type.getSimpleName())
          .noneMatch(n -> n.contains("pass") || n.contains("secret"));
    }
  }

  @Test
  void providerSettingsSurviveTheRoundTrip() throws Exception {
    RunResult r = SampleRuns.run(1, 1, 10);
    assertThat(ResultJson.fromJson(ResultJson.toJson(r), "t").server().providerSettings())
        .isEqualTo(Map.of("fsync", "off"));
  }

  @Test
  void providerSurvivesTheRoundTripAndIsNullWhenNotGiven() throws Exception {
    RunResult r = SampleRuns.run(1, 1, 10);
    assertThat(ResultJson.fromJson(ResultJson.toJson(r), "t").server().provider()).isNull();
    RunResult provided = r.withServer(r.server().withProvider("EXTERNAL", "pgperf.url configured"));
    ServerInfo read = ResultJson.fromJson(ResultJson.toJson(provided), "t").server();
    assertThat(read.provider()).isEqualTo("EXTERNAL");
    assertThat(read.providerReason()).isEqualTo("pgperf.url configured");
  }
}
