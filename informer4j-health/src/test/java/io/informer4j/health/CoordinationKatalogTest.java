package io.informer4j.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.Leadership;
import io.informer4j.coordination.ShardCoordinator;
import io.informer4j.coordination.ShardLeases;
import io.informer4j.coordination.ShardView;
import io.informer4j.controller.Result;
import io.informer4j.manager.Manager;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.time.Clock;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code /katalog} shows leader election and sharding status: role, shards held, holders, transitions. */
class CoordinationKatalogTest {

  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(200));

  /** A backend where this replica is the only member and every free shard can be taken. */
  private static final class SoleMemberLeases implements ShardLeases {
    private final Map<Integer, String> holders = new HashMap<>();

    @Override
    public String identity() {
      return "replica-a";
    }

    @Override
    public synchronized ShardView refresh(int shards) {
      return new ShardView(Set.of("replica-a"), holders);
    }

    @Override
    public synchronized OptionalLong acquireOrRenew(int shard) {
      holders.put(shard, "replica-a");
      return OptionalLong.of(System.nanoTime());
    }

    @Override
    public synchronized void release(int shard) {
      holders.remove(shard);
    }

    @Override
    public void close() {
    }
  }

  @Test
  void katalogShowsRoleShardsHoldersAndTransitions() throws Exception {
    Leadership<String> leadership = new Leadership<>("replica-a", Clock.system());
    leadership.renewed(System.nanoTime() + TIMING.renewDeadline().toNanos());
    TypeKey pods = TypeKey.of("", "v1", "Pod");
    try (SimulatedApi api = SimulatedApi.builder().type(pods, Scope.NAMESPACED).build();
         ShardCoordinator shards = ShardCoordinator.builder(new SoleMemberLeases(), 4).timing(TIMING).build();
         Manager manager = Manager.builder(api).build()) {
      HealthServer server = HealthServer.builder(manager).katalogSection("leadership", leadership::status)
          .katalogSection("shards", shards::status).build();
      manager.add(server);
      manager.controller("pods", api.type(pods)).sharded(shards).reconcile(key -> Result.done());
      manager.start();
      await().atMost(Duration.ofSeconds(60)).until(() -> shards.ownership().held().size() == 4
          && ((Map<?, ?>) shards.status().get("holders")).size() == 4);
      String body = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(server.url() + "/katalog"))
          .build(), HttpResponse.BodyHandlers.ofString()).body();
      JsonNode katalog = new ObjectMapper().readTree(body);
      assertThat(katalog.at("/leadership/role").asText()).isEqualTo("leader");
      assertThat(katalog.at("/leadership/leader").asText()).isEqualTo("replica-a");
      assertThat(katalog.at("/leadership/transitions/0/what").asText()).isEqualTo("started leading");
      assertThat(katalog.at("/shards/role").asText()).isEqualTo("shard-holder");
      assertThat(katalog.at("/shards/held").toString()).isEqualTo("[0,1,2,3]");
      assertThat(katalog.at("/shards/holders/3").asText()).isEqualTo("replica-a");
      assertThat(katalog.at("/shards/transitions/0/what").asText()).isEqualTo("gained [0, 1, 2, 3]");
    }
  }
}
