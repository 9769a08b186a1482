package io.informer4j.testkit.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The connection faults of {@link FaultProxy}, on bytes. */
class FaultProxyTcpTest {

  private static final Duration QUIET = Duration.ofMillis(300);

  private TargetServer target;
  private FaultProxy proxy;

  @BeforeEach
  void start() {
    target = new TargetServer();
    proxy = FaultProxy.builder("127.0.0.1", target.port()).protocol(FaultProxy.Protocol.TCP).seed(42).start();
  }

  @AfterEach
  void stop() throws IOException {
    proxy.close();
    target.close();
  }

  @Test
  void forwardsBytesBothWays() throws Exception {
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send("ping");
      assertThat(server.readText(4)).isEqualTo("ping");
      server.send("pong");
      assertThat(client.readText(4)).isEqualTo("pong");
      assertThat(proxy.connections()).hasSize(1);
      assertThat(proxy.acceptedConnections()).isEqualTo(1);
    }
  }

  @Test
  void aCutClosesBothSidesAtOnce() throws Exception {
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send("x");
      server.read(1);

      assertThat(proxy.applyToOpen(ConnectionFault.cut())).isEqualTo(1);

      assertThat(client.isClosedByPeer()).isTrue();
      assertThat(server.isClosedByPeer()).isTrue();
      await().atMost(Duration.ofSeconds(60)).until(() -> proxy.connections().isEmpty());
    }
  }

  @Test
  void aStallHoldsBytesBackThenDeliversThemIntact() throws Exception {
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send("a");
      server.read(1);
      proxy.applyToOpen(ConnectionFault.stall(Duration.ofMinutes(5)));

      server.send("held");
      client.send("back");
      client.assertSilentFor(QUIET);
      server.assertSilentFor(QUIET);

      proxy.heal();
      assertThat(client.readText(4)).isEqualTo("held");
      assertThat(server.readText(4)).isEqualTo("back");
    }
  }

  @Test
  void aStallEndsByItself() throws Exception {
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send("a");
      server.read(1);
      proxy.applyToOpen(ConnectionFault.stall(Duration.ofMillis(200)));
      server.send("late");
      assertThat(client.readText(4)).isEqualTo("late");
    }
  }

  @Test
  void aBlackHoleKeepsTheSocketsOpenAndForwardsNothingEvenAfterHealing() throws Exception {
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send("a");
      server.read(1);
      proxy.applyToOpen(ConnectionFault.blackHole());
      proxy.heal();

      server.send("lost");
      client.send("lost");
      client.assertSilentFor(QUIET);
      server.assertSilentFor(QUIET);
      assertThat(proxy.connections()).singleElement().satisfies(c -> {
        assertThat(c.isOpen()).isTrue();
        assertThat(c.isBlackHoled()).isTrue();
      });
    }
  }

  @Test
  void garbageIsWrittenToTheClientAheadOfTheServersNextBytes() throws Exception {
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send("a");
      server.read(1);
      proxy.applyToOpen(ConnectionFault.garbage(16));
      server.send("real");

      byte[] received = client.read(20);
      assertThat(new String(received, 16, 4, java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("real");
    }
  }

  @Test
  void truncationForwardsTheGivenBytesThenClosesBothSides() throws Exception {
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send("a");
      server.read(1);
      proxy.applyToOpen(ConnectionFault.truncateAfter(3));
      server.send("abcdef");

      assertThat(client.readToEnd()).asString().isEqualTo("abc");
      assertThat(server.isClosedByPeer()).isTrue();
    }
  }

  @Test
  void refusedConnectionsFailToConnectUntilHealedOnTheSamePort() throws Exception {
    try (Wire open = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      proxy.refuseConnections();
      assertThatThrownBy(() -> Wire.connect(proxy.port())).isInstanceOf(ConnectException.class);

      open.send("still");
      assertThat(server.readText(5)).as("open connections are not touched").isEqualTo("still");

      proxy.acceptConnections();
      try (Wire again = Wire.connect(proxy.port()); Wire second = target.nextConnection()) {
        again.send("back");
        assertThat(second.readText(4)).isEqualTo("back");
      }
    }
  }

  @Test
  void faultsForNewConnectionsApplyFromAcceptanceUntilHealed() throws Exception {
    try (Wire old = Wire.connect(proxy.port()); Wire oldServer = target.nextConnection()) {
      proxy.applyToNew(ConnectionFault.cut(), FaultProxy.UNTIL_HEALED);
      for (int i = 0; i < 2; i++) {
        try (Wire cut = Wire.connect(proxy.port())) {
          assertThat(cut.isClosedByPeer()).isTrue();
        }
      }
      assertThat(target.hasWaitingConnection()).as("a connection cut at once never reaches the target").isFalse();
      old.send("ok");
      assertThat(oldServer.readText(2)).isEqualTo("ok");

      proxy.heal();
      proxy.applyToNew(ConnectionFault.blackHole(), 1);
      try (Wire silent = Wire.connect(proxy.port()); Wire silentServer = target.nextConnection()) {
        silentServer.send("hello");
        silent.assertSilentFor(QUIET);
      }
      try (Wire next = Wire.connect(proxy.port()); Wire nextServer = target.nextConnection()) {
        nextServer.send("hello");
        assertThat(next.readText(5)).as("the fault was for one connection").isEqualTo("hello");
      }
    }
  }

  @Test
  void aStallOfNewConnectionsRunsFromTheirAcceptance() throws Exception {
    proxy.applyToNew(ConnectionFault.stall(Duration.ofMinutes(5)), 1);
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send("held");
      server.assertSilentFor(QUIET);
      proxy.heal();
      assertThat(server.readText(4)).isEqualTo("held");
    }
  }

  @Test
  void httpRulesNeedAnHttpProxy() {
    assertThatThrownBy(() -> proxy.answer(r -> true, CannedResponse.serverError(500), 1))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("HTTP");
  }

  @Test
  void faultsValidateTheirArguments() {
    assertThatThrownBy(() -> ConnectionFault.stall(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ConnectionFault.garbage(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ConnectionFault.truncateAfter(-1)).isInstanceOf(IllegalArgumentException.class);
  }
}
