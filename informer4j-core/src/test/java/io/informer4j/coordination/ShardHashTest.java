package io.informer4j.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import org.junit.jupiter.api.Test;

class ShardHashTest {

  private static final TypeKey DEPLOYMENTS = TypeKey.of("apps", "v1", "Deployment");

  @Test
  void fnv1aMatchesTheReferenceVectors() {
    assertThat(ShardHash.fnv1a("")).isEqualTo(0x811c9dc5);
    assertThat(ShardHash.fnv1a("a")).isEqualTo(0xe40c292c);
    assertThat(ShardHash.fnv1a("foobar")).isEqualTo(0xbf9cf968);
  }

  @Test
  void theShardIsTheHashOfTypeAndKeyModuloTheShardCount() {
    ObjectKey key = ObjectKey.of("default", "web");
    int expected = Integer.remainderUnsigned(ShardHash.fnv1a("apps/v1, Kind=Deployment/default/web"), 12);
    assertThat(ShardHash.shardOf(DEPLOYMENTS, key, 12)).isEqualTo(expected).isBetween(0, 11);
    assertThat(ShardHash.shardOf(DEPLOYMENTS, key, 1)).isZero();
  }

  @Test
  void aNamedThingsShardIsTheHashOfItsNameAndABadShardCountIsRefused() {
    assertThat(ShardHash.shardOf("cluster-7", 12)).isEqualTo(Integer.remainderUnsigned(ShardHash.fnv1a("cluster-7"), 12));
    assertThat(ShardHash.shardOf("cluster-7", 1)).isZero();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ShardHash.shardOf("cluster-7", 0))
        .isInstanceOf(CoordinationSettingsException.class);
  }

  @Test
  void keysSpreadOverEveryShard() {
    int[] counts = new int[8];
    for (int i = 0; i < 8000; i++) {
      counts[ShardHash.shardOf(DEPLOYMENTS, ObjectKey.of("ns", "obj-" + i), 8)]++;
    }
    assertThat(java.util.Arrays.stream(counts).boxed().toList()).allSatisfy(count -> assertThat(count).isBetween(800, 1200));
  }
}
