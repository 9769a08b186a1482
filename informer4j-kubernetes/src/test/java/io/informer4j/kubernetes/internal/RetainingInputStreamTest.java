package io.informer4j.kubernetes.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link RetainingInputStream}: bytes pass through unchanged, and those from the retained offset on can be read again. */
class RetainingInputStreamTest {

  @Test
  void whatIsReadFromTheRetainedOffsetOnCanBeCopiedAcrossDropsAndGrowth() throws IOException {
    long seed = 20261201L;
    Random random = new Random(seed);
    byte[] data = new byte[300_000];
    random.nextBytes(data);
    RetainingInputStream stream = new RetainingInputStream(new ByteArrayInputStream(data), 1 << 20);
    byte[] passed = new byte[data.length];
    int read = 0;
    long retained = 0;
    while (read < data.length) {
      int count = stream.read(passed, read, Math.min(1 + random.nextInt(9_000), data.length - read));
      read += count;
      if (random.nextInt(4) == 0) {
        retained += random.nextInt((int) (read - retained) + 1);
        stream.retainFrom(retained);
      }
      long from = retained + random.nextInt((int) (read - retained) + 1);
      assertThat(stream.copy(from, read)).as("seed %d, [%d, %d)", seed, from, read)
          .isEqualTo(Arrays.copyOfRange(data, (int) from, read));
    }
    assertThat(passed).isEqualTo(data);
    assertThat(stream.read()).isEqualTo(-1);
  }

  @Test
  void bytesBeforeTheRetainedOffsetMayBeDroppedAndAPartOverTheLimitIsGivenUp() throws IOException {
    byte[] data = new byte[500];
    Arrays.fill(data, (byte) 'x');
    RetainingInputStream stream = new RetainingInputStream(new ByteArrayInputStream(data), 100);

    assertThat(stream.readNBytes(60)).hasSize(60);
    stream.retainFrom(50);
    assertThat(stream.readNBytes(60)).hasSize(60);
    assertThat(stream.copy(50, 120)).hasSize(70);
    assertThat(stream.copy(0, 120)).as("dropped to make room").isNull();

    assertThat(stream.readNBytes(100)).hasSize(100);
    assertThat(stream.copy(50, 220)).as("over the limit").isNull();
    stream.retainFrom(220);
    assertThat(stream.readNBytes(30)).hasSize(30);
    assertThat(stream.copy(220, 250)).hasSize(30);
    assertThat(stream.copy(220, 260)).as("not read yet").isNull();
  }
}
