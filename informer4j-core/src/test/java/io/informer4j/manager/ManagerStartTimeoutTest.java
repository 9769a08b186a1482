package io.informer4j.manager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Result;
import io.informer4j.informer.ForwardingBackend;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.manager.BackendContactException.Reason;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.FirstContact;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.testing.FakeBackend;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/**
 * {@code Manager.start()} waits for every informer's first contact with the backend and fails fast,
 * with a typed error naming what to fix, when the backend is unreachable, refuses the credentials,
 * forbids a type, fails the TLS handshake or does not answer; the manager is then stopped with no
 * thread left.
 */
class ManagerStartTimeoutTest {

  @Test
  void anUnreachableServerFailsTheStart() {
    BackendContactException error = failedStart("unreachable", backendFailingPods(
        new TransientSourceException("list pods failed: java.net.ConnectException: Connection refused",
            TransientSourceException.Reason.CONNECTION_REFUSED)));
    assertThat(error.reason()).isEqualTo(Reason.UNREACHABLE);
    assertThat(error).hasMessageContaining("cannot reach").hasMessageContaining("Check the server's address");
  }

  @Test
  void rejectedCredentialsFailTheStart() {
    BackendContactException error = failedStart("unauthorized",
        backendFailingPods(new SourceException("list pods failed with HTTP 401 (Unauthorized)", 401, null)));
    assertThat(error.reason()).isEqualTo(Reason.UNAUTHORIZED);
    assertThat(error).hasMessageContaining("rejected the credentials (401)").hasMessageContaining("token");
  }

  @Test
  void aTypeTheCredentialsMayNotListFailsTheStartNamingIt() {
    FakeBackend backend = backendFailingPods(new ForbiddenException("pods is forbidden: User cannot list pods"));
    backend.source(FakeBackend.DEPLOYMENTS).put(Item.of("shop", "web", "1"));
    Manager manager = Manager.builder(backend).name("forbidden").build();
    manager.controller("pods", FakeBackend.PODS).reconcile(key -> Result.done());
    manager.controller("deployments", FakeBackend.DEPLOYMENTS).reconcile(key -> Result.done());

    BackendContactException error = startFails(manager, "forbidden");
    assertThat(error.reason()).isEqualTo(Reason.FORBIDDEN);
    assertThat(error.what()).contains("Pod").doesNotContain("Deployment");
    assertThat(error).hasMessageContaining("may not list and watch").hasMessageContaining("grant list and watch");
  }

  @Test
  void aFailedTlsHandshakeFailsTheStart() {
    BackendContactException error = failedStart("tls", backendFailingPods(new TransientSourceException(
        "list pods failed", TransientSourceException.Reason.CONNECTION_LOST, 0,
        new SSLHandshakeException("PKIX path building failed: unable to find valid certification path"))));
    assertThat(error.reason()).isEqualTo(Reason.TLS);
    assertThat(error).hasMessageContaining("TLS handshake").hasMessageContaining("certificate");
  }

  @Test
  void aServerThatNeverAnswersFailsTheStartAtTheTimeout() {
    FakeBackend backend = new FakeBackend();
    CountDownLatch never = new CountDownLatch(1);
    backend.source(FakeBackend.PODS).holdLists(never);
    Manager manager = Manager.builder(backend).name("silent").startTimeout(Duration.ofMillis(300)).build();
    manager.controller("pods", FakeBackend.PODS).reconcile(key -> Result.done());

    BackendContactException error = startFails(manager, "silent");
    assertThat(error.reason()).isEqualTo(Reason.NO_ANSWER);
    assertThat(error).hasMessageContaining("no answer within PT0.3S").hasMessageContaining("informer4j.start-timeout");
  }

  @Test
  void aPassingFailureKeepsTheStartWaitingForTheFirstList() throws InterruptedException {
    FakeBackend backend = backendFailingPods(new TransientSourceException("list pods failed with HTTP 503",
        TransientSourceException.Reason.UNAVAILABLE, 503, null));
    try (Manager manager = Manager.builder(backend).name("flaky")
        .informerOptions(informer -> informer.backoff(new io.informer4j.informer.BackoffPolicy(
            Duration.ofMillis(10), Duration.ofMillis(10), 1.0, 0.0, Duration.ofMinutes(1))))
        .build()) {
      manager.controller("pods", FakeBackend.PODS).reconcile(key -> Result.done());
      manager.start();
      assertThat(manager.cache().entries().get(0).informer().hasSynced()).isTrue();
      assertThat(manager.stopped()).isNotDone();
    }
  }

  @Test
  void aForbiddenWatchForNewTypesFailsTheStartSayingHowToTurnItOff() {
    FakeBackend fake = new FakeBackend();
    fake.source(FakeBackend.PODS).put(Item.of("shop", "web", "1"));
    Manager manager = Manager.builder(new ForbiddenNewTypesWatch(fake)).name("crds").build();
    manager.controller("pods", FakeBackend.PODS).reconcile(key -> Result.done());

    BackendContactException error = startFails(manager, "crds");
    assertThat(error.reason()).isEqualTo(Reason.FORBIDDEN);
    assertThat(error.what()).isEqualTo("the watch for new types");
    assertThat(error).hasMessageContaining("watchNewTypes(false)");
  }

  @Test
  void withTheWatchForNewTypesOffItIsNeitherStartedNorWaitedFor() throws InterruptedException {
    FakeBackend fake = new FakeBackend();
    fake.source(FakeBackend.PODS).put(Item.of("shop", "web", "1"));
    ForbiddenNewTypesWatch backend = new ForbiddenNewTypesWatch(fake);
    try (Manager manager = Manager.builder(backend).name("nocrds").watchNewTypes(false).build()) {
      manager.controller("pods", FakeBackend.PODS).reconcile(key -> Result.done());
      manager.start();
      assertThat(backend.subscriptions).isZero();
      assertThat(manager.cache().newTypesWatch()).isEmpty();
    }
  }

  @Test
  void aZeroStartTimeoutReturnsAtOnceAndTheFailureShowsInStatus() throws InterruptedException {
    FakeBackend backend = backendFailingPods(new SourceException("list pods failed with HTTP 401", 401, null));
    try (Manager manager = Manager.builder(backend).name("nowait").startTimeout(Duration.ZERO).build()) {
      manager.controller("pods", FakeBackend.PODS).reconcile(key -> Result.done());
      manager.start();
      await().atMost(Duration.ofSeconds(10))
          .until(() -> manager.cache().entries().get(0).informer().status().consecutiveFailures() >= 1);
      assertThat(manager.cache().entries().get(0).informer().status().lastError()).contains("401");
      assertThat(manager.isReady()).isFalse();
    }
  }

  @Test
  void aNegativeStartTimeoutIsRefused() {
    assertThatThrownBy(() -> Manager.builder(new FakeBackend()).startTimeout(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("start timeout");
  }

  private static FakeBackend backendFailingPods(SourceException error) {
    FakeBackend backend = new FakeBackend();
    backend.source(FakeBackend.PODS).failNextList(error);
    return backend;
  }

  private static BackendContactException failedStart(String name, FakeBackend backend) {
    Manager manager = Manager.builder(backend).name(name).build();
    manager.controller("pods", FakeBackend.PODS).reconcile(key -> Result.done());
    return startFails(manager, name);
  }

  /** Starts, expects the typed failure, and checks the manager stopped with none of its threads left. */
  private static BackendContactException startFails(Manager manager, String name) {
    long before = System.nanoTime();
    BackendContactException error = (BackendContactException) org.assertj.core.api.Assertions.catchThrowable(manager::start);
    assertThat(error).as("start() of manager %s", name).isNotNull();
    assertThat(Duration.ofNanos(System.nanoTime() - before)).isLessThan(Duration.ofSeconds(30));
    assertThat(manager.stopped()).isDone();
    assertThat(manager.isReady()).isFalse();
    assertThat(Thread.getAllStackTraces().keySet()).filteredOn(Thread::isAlive)
        .extracting(Thread::getName).noneMatch(thread -> thread.startsWith("informer4j-" + name + "-"));
    return error;
  }

  /** A backend whose watch for new types is refused (403), as a Kubernetes CRD watch without permission. */
  private static final class ForbiddenNewTypesWatch extends ForwardingBackend {
    int subscriptions;

    ForbiddenNewTypesWatch(FakeBackend delegate) {
      super(delegate);
    }

    @Override
    public AutoCloseable onTypeAdded(Consumer<TypeKey> listener) {
      subscriptions++;
      return new Handle();
    }

    @Override
    public AutoCloseable onTypeAdded(Consumer<TypeKey> listener, InformerRuntime runtime) {
      return onTypeAdded(listener);
    }

    private static final class Handle implements AutoCloseable, FirstContact {
      @Override
      public String description() {
        return "the watch for new types";
      }

      @Override
      public CompletableFuture<Void> firstContact() {
        return CompletableFuture.failedFuture(new ForbiddenException("customresourcedefinitions is forbidden"));
      }

      @Override
      public void close() {
      }
    }
  }
}
