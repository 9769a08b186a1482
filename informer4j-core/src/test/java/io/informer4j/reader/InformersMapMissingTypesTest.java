package io.informer4j.reader;

import static io.informer4j.testing.FakeBackend.DEPLOYMENTS;
import static io.informer4j.testing.FakeBackend.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.source.Backend;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.TypePresence;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Types the backend does not serve: registered as missing, not run nor waited for, activated by the
 * periodic checks or the backend's type-added signal, and marked missing again when they vanish.
 */
class InformersMapMissingTypesTest extends MapTestBase {

  private static final Duration CHECK_EVERY = Duration.ofSeconds(10);

  private InformersMap.Builder checkingEvery(Duration period) {
    return fixture.map().missingTypeChecks(MissingTypeChecks.every(period));
  }

  private void absent(ObjectType<?> type) {
    fixture.backend.setPresence(type.key(), TypePresence.absent("the server has no " + type.key().kind()));
  }

  private void present(ObjectType<?> type) {
    fixture.backend.setPresence(type.key(), TypePresence.present(Scope.NAMESPACED));
  }

  /** Advances the manual clock (running the timers it makes due); returns true, for use in conditions. */
  private boolean advanced(Duration step) {
    fixture.clock.advance(step);
    return true;
  }

  @Test
  void aTypeTheBackendDoesNotServeIsRegisteredMissingAndNeitherRunNorWaitedFor() throws InterruptedException {
    absent(DEPLOYMENTS);
    map = checkingEvery(CHECK_EVERY).build();
    MapEntry<Item> deployments = map.get(DEPLOYMENTS, WAIT);
    MapEntry<Item> pods = map.get(PODS, WAIT);

    map.start();

    assertThat(deployments.isMissing()).isTrue();
    assertThat(deployments.presence()).isEqualTo("the server has no Deployment");
    assertThat(deployments.runState()).isEqualTo(MapEntry.RunState.NEW);
    assertThat(map.waitForCacheSync(WAIT)).as("missing types are not waited for").isTrue();
    assertThat(pods.informer().hasSynced()).isTrue();
    assertThat(map.get(DEPLOYMENTS, WAIT)).as("a get of a missing type does not block").isSameAs(deployments);
    assertThat(fixture.source(DEPLOYMENTS, "").lists()).isEmpty();
  }

  @Test
  void thePeriodicCheckActivatesAMissingTypeOnceItAppears() {
    absent(DEPLOYMENTS);
    fixture.source(DEPLOYMENTS, "").put(Item.of("a", "web", "1"));
    map = checkingEvery(CHECK_EVERY).build();
    MapEntry<Item> deployments = map.get(DEPLOYMENTS, WAIT);
    map.start();

    present(DEPLOYMENTS);
    await().until(() -> advanced(CHECK_EVERY) && !deployments.isMissing());

    assertThat(deployments.runState()).isEqualTo(MapEntry.RunState.RUNNING);
    await().until(() -> deployments.informer().hasSynced());
    assertThat(deployments.informer().indexer().listKeys()).containsExactly("a/web");
  }

  @Test
  void readsOfATypeNotServedSaySoInsteadOfNotFoundOrEmptyAndSucceedOnceItAppears() {
    absent(DEPLOYMENTS);
    fixture.source(DEPLOYMENTS, "").put(Item.of("a", "web", "1"));
    map = checkingEvery(CHECK_EVERY).build();
    CacheReader<Item> reader = map.reader(DEPLOYMENTS);
    map.get(DEPLOYMENTS, WAIT);
    map.start();

    assertThatThrownBy(() -> reader.get(ObjectKey.of("a", "web")))
        .isInstanceOf(TypeNotServedException.class).hasMessageContaining(DEPLOYMENTS.key().toString())
        .hasMessageContaining("the server has no Deployment");
    assertThatThrownBy(() -> reader.find(ObjectKey.of("a", "web")))
        .as("find is not a way around it").isInstanceOf(TypeNotServedException.class);
    assertThatThrownBy(() -> reader.list(ListOptions.all())).isInstanceOf(TypeNotServedException.class);

    present(DEPLOYMENTS);
    await().until(() -> advanced(CHECK_EVERY) && !map.get(DEPLOYMENTS, WAIT).isMissing());
    assertThat(reader.get(ObjectKey.of("a", "web")).name()).isEqualTo("web");
    assertThat(reader.list(ListOptions.all()).items()).hasSize(1);
  }

  @Test
  void theTypeAddedSignalChecksAtOnceWithoutWaitingForThePeriod() {
    absent(DEPLOYMENTS);
    map = checkingEvery(Duration.ofHours(1)).build();
    MapEntry<Item> deployments = map.get(DEPLOYMENTS, WAIT);
    map.start();
    present(DEPLOYMENTS);
    fixture.clock.runDue();
    assertThat(deployments.isMissing()).as("no check is due for an hour").isTrue();

    fixture.backend.fireTypeAdded(DEPLOYMENTS.key());
    fixture.clock.runDue();

    await().until(() -> !deployments.isMissing());
    assertThat(deployments.runState()).isEqualTo(MapEntry.RunState.RUNNING);
    await().until(() -> deployments.informer().hasSynced());
  }

  @Test
  void aTypeThatVanishesIsMarkedMissingKeepsRetryingAndRecoversByItself() {
    FakeSource source = fixture.source(PODS, "");
    source.put(Item.of("a", "x", "1"));
    map = checkingEvery(CHECK_EVERY).build();
    map.start();
    MapEntry<Item> pods = map.get(PODS, WAIT);
    FakeSource.Watch watch = source.lastWatch();

    absent(PODS);
    source.setInstalled(false);
    watch.end(new ExpiredException("gone"));
    await().until(() -> advanced(Duration.ofSeconds(1)) && pods.isMissing());

    assertThat(pods.runState()).as("nothing is stopped").isEqualTo(MapEntry.RunState.RUNNING);
    int watchesWhileMissing = source.watches().size();
    present(PODS);
    source.setInstalled(true);
    await().until(() -> advanced(Duration.ofSeconds(1)) && !pods.isMissing()
        && source.watches().size() > watchesWhileMissing);
    assertThat(pods.informer().indexer().listKeys()).containsExactly("a/x");
  }

  @Test
  void forbiddenAndUnknownAnswersNeverMakeATypeMissing() {
    fixture.backend.setPresence(PODS.key(), TypePresence.forbidden("discovery is forbidden"));
    fixture.backend.setPresence(DEPLOYMENTS.key(), TypePresence.unknown("discovery timed out"));
    map = checkingEvery(CHECK_EVERY).build();

    assertThat(map.get(PODS, WAIT).isMissing()).isFalse();
    assertThat(map.get(DEPLOYMENTS, WAIT).isMissing()).isFalse();
    assertThat(map.get(DEPLOYMENTS, WAIT).presence()).isEqualTo("discovery timed out");
  }

  @Test
  void aPresenceCheckThatThrowsIsAnUnknownAnswer() {
    Backend throwing = new Backend() {
      @Override
      public <T> ListerWatcher<T> listerWatcher(ObjectType<T> type) {
        return fixture.backend.listerWatcher(type);
      }

      @Override
      public TypeRegistry types() {
        return fixture.backend.types();
      }

      @Override
      public TypePresence presence(TypeKey type) {
        throw new IllegalStateException("discovery exploded");
      }
    };
    map = fixture.map(throwing).build();

    MapEntry<Item> pods = map.get(PODS, WAIT);

    assertThat(pods.isMissing()).isFalse();
    assertThat(pods.presence()).contains("discovery exploded");
  }

  @Test
  void typesDeclaredMissingBeforeStartWaitAndDeclaringThemPresentActivatesThem() throws InterruptedException {
    map = checkingEvery(Duration.ofHours(1)).build();
    MapEntry<Item> deployments = map.get(DEPLOYMENTS, WAIT);
    map.get(PODS, WAIT);
    assertThatThrownBy(() -> map.declareMissing(Set.of(TypeKey.of("", "v1", "Secret"))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/v1, Kind=Secret is not registered");

    map.declareMissing(Set.of(DEPLOYMENTS.key()));
    map.start();

    assertThat(deployments.isMissing()).isTrue();
    assertThat(deployments.runState()).isEqualTo(MapEntry.RunState.NEW);
    assertThat(map.waitForCacheSync(WAIT)).isTrue();
    assertThatThrownBy(() -> map.declareMissing(Set.of(DEPLOYMENTS.key())))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("only before start()");

    map.declarePresent(DEPLOYMENTS.key());

    assertThat(deployments.isMissing()).isFalse();
    assertThat(deployments.runState()).isEqualTo(MapEntry.RunState.RUNNING);
    await().until(() -> deployments.informer().hasSynced());
  }

  @Test
  void checksDefaultToNinetySecondsAndFiveSecondsDoublingToFiveMinutes() {
    assertThat(MissingTypeChecks.DEFAULT.interval()).isEqualTo(Duration.ofSeconds(90));
    assertThat(MissingTypeChecks.DEFAULT.initialBackoff()).isEqualTo(Duration.ofSeconds(5));
    assertThat(MissingTypeChecks.DEFAULT.factor()).isEqualTo(2.0);
    assertThat(MissingTypeChecks.DEFAULT.maxBackoff()).isEqualTo(Duration.ofMinutes(5));
    assertThatThrownBy(() -> new MissingTypeChecks(Duration.ZERO, Duration.ofSeconds(1), 2.0, Duration.ofSeconds(2)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("invalid missing-type checks");
  }
}
