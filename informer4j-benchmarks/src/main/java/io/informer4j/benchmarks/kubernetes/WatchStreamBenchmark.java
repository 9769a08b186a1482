package io.informer4j.benchmarks.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.informer4j.kubernetes.internal.FabricJson;
import io.informer4j.kubernetes.internal.JsonValueFramer;
import io.informer4j.kubernetes.internal.WatchEventDecoder;
import io.informer4j.kubernetes.internal.WatchStreamReader;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.SourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchListener;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Reading a chunked watch body of {@value #EVENTS} MODIFIED ConfigMap events (the harness's shape,
 * one event per line as API servers write them) into fabric8 models, in one thread, warm, from
 * chunks of {@code chunk} bytes (8 KiB is what the Vert.x HTTP client hands over by default).
 * {@code reader=inPlace}: the Kubernetes backend's {@link WatchStreamReader}, which decodes each
 * event where it lies and frames only the event cut by a chunk's end; {@code reader=framed}: every
 * event first framed by a {@link JsonValueFramer} (a pass over every byte), then decoded. Score:
 * nanoseconds per event.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class WatchStreamBenchmark {

  private static final int EVENTS = 2_000;
  private static final int MAX_EVENT_BYTES = 64 * 1024 * 1024;

  @Param({"inPlace", "framed"})
  public String reader;

  @Param({"8192", "65536"})
  public int chunk;

  private byte[] body;
  private WatchEventDecoder<ConfigMap> decoder;

  @Setup
  public void setUp() {
    KubernetesSerialization fabric8 = new KubernetesSerialization();
    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    for (int i = 0; i < EVENTS; i++) {
      String event = "{\"type\":\"MODIFIED\",\"object\":" + fabric8.asJson(ListDecodeBenchmark.configMap(i)) + "}\n";
      stream.writeBytes(event.getBytes(StandardCharsets.UTF_8));
    }
    body = stream.toByteArray();
    decoder = new WatchEventDecoder<>(new FabricJson(), ConfigMap.class, "benchmark watch");
  }

  @Benchmark
  @OperationsPerInvocation(EVENTS)
  public int read() {
    Counting counting = new Counting();
    if ("framed".equals(reader)) {
      JsonValueFramer framer = new JsonValueFramer(MAX_EVENT_BYTES);
      for (int at = 0; at < body.length; at += chunk) {
        framer.feed(body, at, Math.min(at + chunk, body.length),
            (data, offset, length) -> counting.onEvent(decoder.decode(data, offset, length)));
      }
    } else {
      WatchStreamReader<ConfigMap> inPlace = new WatchStreamReader<>(MAX_EVENT_BYTES, decoder, counting);
      for (int at = 0; at < body.length; at += chunk) {
        inPlace.feed(ByteBuffer.wrap(body, at, Math.min(chunk, body.length - at)));
      }
    }
    return counting.events;
  }

  /** Counts the events; a malformed one or a close fails the run. */
  private static final class Counting implements WatchListener<ConfigMap> {
    private int events;

    @Override
    public void onEvent(WatchEvent<ConfigMap> event) {
      events++;
    }

    @Override
    public void onMalformed(MalformedObjectException problem) {
      throw new IllegalStateException(problem);
    }

    @Override
    public void onClose(SourceException error) {
      throw new IllegalStateException("the reader closed the watch");
    }
  }
}
