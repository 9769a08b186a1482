package io.informer4j.kubernetes;

import static io.informer4j.kubernetes.TestServerFixture.CONFIG_MAPS;
import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.etcd.testing.EtcdServer;
import io.informer4j.source.ListRequest;
import io.informer4j.source.Selection;
import io.informer4j.testkit.SimObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes backend (fabric8 on Vert.x) and the etcd backend (jetcd on gRPC, netty and Vert.x)
 * load and work in one JVM, on the dependency versions the parent POM manages, as in the CLI.
 */
class BothBackendsInOneJvmTest {

  @Test
  void fabric8AndJetcdWorkSideBySide() throws Exception {
    try (TestServerFixture kubernetes = new TestServerFixture(); EtcdServer etcd = EtcdServer.start();
         Client jetcd = etcd.newClient()) {
      kubernetes.api.create(CONFIG_MAPS.type(), SimObject.of("shop", "cart"));
      ByteSequence key = ByteSequence.from("/registry/shop/cart", StandardCharsets.UTF_8);
      jetcd.getKVClient().put(key, ByteSequence.from("{}", StandardCharsets.UTF_8)).get(10, TimeUnit.SECONDS);

      List<ConfigMap> listed = new ArrayList<>();
      kubernetes.configMaps().list(ListRequest.of(Selection.all(), ""), listed::add);

      assertThat(listed).extracting(cm -> cm.getMetadata().getName()).containsExactly("cart");
      assertThat(jetcd.getKVClient().get(key).get(10, TimeUnit.SECONDS).getKvs()).hasSize(1);
    }
  }
}
