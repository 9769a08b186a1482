package io.informer4j.etcd.testing;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.meta.ObjectKey;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Writes widgets (or raw bytes) under a {@link KeyLayout} the way an application would, and reads
 * etcd's truth back, for tests and benchmarks. Every call blocks until etcd answered (30 s at most).
 * Thread-safe.
 */
public final class EtcdWriter {

  /** etcd's default limit of operations per transaction. */
  public static final int TXN_OPS = 128;

  private final Client client;
  private final KeyLayout layout;

  /** Writes through {@code client} under {@code layout}. */
  public EtcdWriter(Client client, KeyLayout layout) {
    this.client = client;
    this.layout = layout;
  }

  /** Puts a widget; returns the revision of the write. */
  public long put(String namespace, String name, Widget widget) {
    return putRaw(ObjectKey.of(namespace, name), Widget.CODEC.encode(widget));
  }

  /** Puts raw bytes at an object's key; returns the revision. */
  public long putRaw(ObjectKey key, byte[] value) {
    return putKey(layout.storageKey(key), value);
  }

  /** Puts raw bytes at any key; returns the revision. */
  public long putKey(String storageKey, byte[] value) {
    return await(client.getKVClient().put(bytes(storageKey), ByteSequence.from(value), PutOption.DEFAULT))
        .getHeader().getRevision();
  }

  /** Deletes an object; returns the revision. */
  public long delete(String namespace, String name) {
    return await(client.getKVClient().delete(bytes(layout.storageKey(ObjectKey.of(namespace, name))), DeleteOption.DEFAULT))
        .getHeader().getRevision();
  }

  /**
   * Puts many widgets, {@value #TXN_OPS} per transaction, several transactions in flight.
   *
   * @param widgets the widgets by object key
   * @return the revision after the last write
   */
  public long putAll(Map<ObjectKey, Widget> widgets) {
    List<Map.Entry<ObjectKey, Widget>> entries = new ArrayList<>(widgets.entrySet());
    List<CompletableFuture<Long>> inFlight = new ArrayList<>();
    long last = 0;
    for (int from = 0; from < entries.size(); from += TXN_OPS) {
      List<Op> ops = new ArrayList<>();
      for (Map.Entry<ObjectKey, Widget> entry : entries.subList(from, Math.min(entries.size(), from + TXN_OPS))) {
        ops.add(Op.put(bytes(layout.storageKey(entry.getKey())), ByteSequence.from(Widget.CODEC.encode(entry.getValue())),
            PutOption.DEFAULT));
      }
      inFlight.add(client.getKVClient().txn().Then(ops.toArray(Op[]::new)).commit()
          .thenApply(response -> response.getHeader().getRevision()));
      if (inFlight.size() == 16) {
        last = Math.max(last, awaitAll(inFlight));
      }
    }
    return Math.max(last, awaitAll(inFlight));
  }

  /** Compacts etcd's history up to {@code revision} (physically, so it is gone when this returns). */
  public void compact(long revision) {
    await(client.getKVClient().compact(revision, io.etcd.jetcd.options.CompactOption.builder().withCompactPhysical(true).build()));
  }

  /** Returns etcd's current revision. */
  public long currentRevision() {
    return await(client.getKVClient().get(bytes("\0"))).getHeader().getRevision();
  }

  /** Returns every object key under the layout with its mod revision, read at the latest revision. */
  public Map<String, String> truth() {
    byte[] start = layout.rangeStart(null);
    byte[] end = KeyLayout.rangeEnd(start);
    Map<String, String> versions = new TreeMap<>();
    byte[] next = start;
    long revision = 0;
    while (true) {
      GetResponse response = await(client.getKVClient().get(ByteSequence.from(next),
          GetOption.builder().withRange(ByteSequence.from(end)).withRevision(revision).withLimit(1000).build()));
      revision = response.getHeader().getRevision();
      for (KeyValue kv : response.getKvs()) {
        ObjectKey key = layout.objectKey(kv.getKey().getBytes());
        if (key != null) {
          versions.put(key.toString(), Long.toString(kv.getModRevision()));
        }
      }
      if (!response.isMore()) {
        return versions;
      }
      byte[] last = response.getKvs().get(response.getKvs().size() - 1).getKey().getBytes();
      next = Arrays.copyOf(last, last.length + 1);
    }
  }

  private long awaitAll(List<CompletableFuture<Long>> futures) {
    long last = 0;
    for (CompletableFuture<Long> future : futures) {
      last = Math.max(last, await(future));
    }
    futures.clear();
    return last;
  }

  private static ByteSequence bytes(String text) {
    return ByteSequence.from(text, StandardCharsets.UTF_8);
  }

  private static <R> R await(CompletableFuture<R> future) {
    try {
      return future.get(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while writing to etcd", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("etcd write failed: " + e, e);
    }
  }
}
