package io.informer4j.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.etcd.jetcd.ByteSequence;
import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.manager.Manager;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The etcd example against a real etcd: the controller reconciles the widgets of its namespaces,
 * reading each from the cache (a deleted one is no longer there), and never those of others.
 */
class EtcdWidgetControllerTest {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();

  @Test
  @SuppressWarnings("try")
  void reconcilesTheWidgetsOfTheAllowedNamespacesOnly() throws Exception {
    String prefix = ETCD.newPrefix("widgets");
    put(prefix + "/shop/red", "{\"color\":\"red\",\"size\":1}");
    put(prefix + "/kube-system/blue", "{\"color\":\"blue\",\"size\":2}");
    List<String> seen = new CopyOnWriteArrayList<>();

    try (Manager manager = EtcdWidgetController.start(ETCD.client(), prefix, List.of("shop"), seen::add)) {
      put(prefix + "/shop/green", "{\"color\":\"green\",\"size\":3}");
      put(prefix + "/kube-system/black", "{\"color\":\"black\",\"size\":4}");

      await().atMost(Duration.ofSeconds(30)).until(() -> seen.containsAll(List.of("shop/red is red", "shop/green is green")));
      delete(prefix + "/shop/red");
      await().atMost(Duration.ofSeconds(30)).until(() -> seen.contains("deleted shop/red"));
    }
    assertThat(seen).noneMatch(line -> line.contains("kube-system"));
  }

  private static void delete(String key) throws Exception {
    ETCD.client().getKVClient().delete(ByteSequence.from(key, StandardCharsets.UTF_8)).get(10, TimeUnit.SECONDS);
  }

  private static void put(String key, String json) throws Exception {
    ETCD.client().getKVClient().put(ByteSequence.from(key, StandardCharsets.UTF_8),
        ByteSequence.from(json, StandardCharsets.UTF_8)).get(10, TimeUnit.SECONDS);
  }
}
