package io.informer4j.benchmarks.etcd;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.informer4j.etcd.EtcdEntry;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Time to get every key of a prefix from a real etcd into memory: an informer's initial sync
 * (watch-list, the default, and paged lists) against jetcd reading the same keys in the same
 * paged range reads at one revision, with and without decoding them (the physical limit).
 */
public class EtcdSyncBenchmark extends EtcdBenchmarkSettings {

  @Param({"10000", "100000"})
  public int keys;

  private EtcdFixture etcd;
  private InformerRuntime runtime;
  private SharedIndexInformer<?> informer;

  @Setup(Level.Trial)
  public void start() {
    etcd = new EtcdFixture(keys);
    runtime = InformerRuntime.create("etcd-bench");
  }

  @TearDown(Level.Trial)
  public void stop() {
    runtime.stop();
    etcd.close();
  }

  @TearDown(Level.Invocation)
  public void stopInformer() throws InterruptedException {
    if (informer != null) {
      informer.stop(Duration.ofSeconds(10));
      informer = null;
    }
  }

  /** jetcd alone: paged range reads of the prefix at the first page's revision; values untouched. */
  @Benchmark
  public void jetcdRangeRead(Blackhole blackhole) throws Exception {
    readAll(kv -> blackhole.consume(kv.getValue().size()));
  }

  /** jetcd alone, each value also decoded from JSON (what any cache of these values must do). */
  @Benchmark
  public void jetcdRangeReadAndDecode(Blackhole blackhole) throws Exception {
    readAll(kv -> blackhole.consume(Widget.CODEC.decode(new EtcdEntry(
        EtcdFixture.LAYOUT.objectKey(kv.getKey().getBytes()), kv.getKey().toString(), kv.getValue().getBytes(),
        kv.getModRevision(), kv.getCreateRevision(), kv.getVersion()))));
  }

  /** An informer synced from empty by watch-list (which the source offers only when asked to). */
  @Benchmark
  public int informerSyncWatchList() throws InterruptedException {
    return sync(SharedIndexInformer.builder(etcd.listerWatcher(true), Widget.ADAPTER).runtime(runtime).build());
  }

  /**
   * An informer and a lister-watcher with their defaults synced from empty: a paged list in the
   * pages the source prefers (ten chunks of 1000, the next chunk read while one is decoded), then a
   * watch.
   */
  @Benchmark
  public int informerSyncPagedList() throws InterruptedException {
    return sync(SharedIndexInformer.builder(etcd.listerWatcher(false), Widget.ADAPTER).runtime(runtime).build());
  }

  private int sync(SharedIndexInformer<?> built) throws InterruptedException {
    informer = built;
    built.start();
    if (!built.waitForCacheSync(Duration.ofMinutes(2))) {
      throw new IllegalStateException("informer did not sync: " + built.status());
    }
    int size = built.indexer().size();
    if (size != keys) {
      throw new IllegalStateException("informer synced " + size + " of " + keys + " keys");
    }
    return size;
  }

  private void readAll(KeyConsumer consumer) throws Exception {
    byte[] start = EtcdFixture.LAYOUT.rangeStart(null);
    ByteSequence end = ByteSequence.from(KeyLayout.rangeEnd(start));
    byte[] next = start;
    long revision = 0;
    int read = 0;
    while (true) {
      GetResponse response = etcd.client.getKVClient().get(ByteSequence.from(next), GetOption.builder().withRange(end)
          .withRevision(revision).withLimit(EtcdFixture.CHUNK).build()).get(1, TimeUnit.MINUTES);
      revision = response.getHeader().getRevision();
      List<KeyValue> kvs = response.getKvs();
      for (KeyValue kv : kvs) {
        consumer.accept(kv);
      }
      read += kvs.size();
      if (!response.isMore()) {
        break;
      }
      byte[] last = kvs.get(kvs.size() - 1).getKey().getBytes();
      next = Arrays.copyOf(last, last.length + 1);
    }
    if (read != keys) {
      throw new IllegalStateException("read " + read + " of " + keys + " keys");
    }
  }

  @FunctionalInterface
  private interface KeyConsumer {
    void accept(KeyValue kv) throws Exception;
  }
}
