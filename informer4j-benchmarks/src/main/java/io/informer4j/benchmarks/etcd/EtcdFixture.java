package io.informer4j.benchmarks.etcd;

import io.etcd.jetcd.Client;
import io.informer4j.etcd.EtcdListerWatcher;
import io.informer4j.etcd.EtcdObject;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.etcd.testing.EtcdServer;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.meta.ObjectKey;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A real etcd started for one benchmark trial, loaded with {@code keys} widgets (JSON, about 45
 * bytes each) under one prefix, with a client. Closing stops etcd and deletes its data.
 */
final class EtcdFixture implements AutoCloseable {

  static final KeyLayout LAYOUT = KeyLayout.namespaced("/benchmark/widgets");
  static final int CHUNK = 1000;

  final EtcdServer server;
  final Client client;
  final EtcdWriter writer;
  final int keys;

  EtcdFixture(int keys) {
    this.server = EtcdServer.start();
    this.client = server.newClient();
    this.writer = new EtcdWriter(client, LAYOUT);
    this.keys = keys;
    writer.putAll(widgets(keys, "grey"));
  }

  /** Returns {@code count} widgets in namespace {@code ns}, named {@code w-00000}… */
  static Map<ObjectKey, Widget> widgets(int count, String color) {
    Map<ObjectKey, Widget> widgets = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      widgets.put(ObjectKey.of("ns", String.format("w-%06d", i)), new Widget(Map.of("index", Integer.toString(i % 10)), color));
    }
    return widgets;
  }

  /**
   * Returns the lister-watcher the informer benchmarks use: JSON codec, 1000 keys per read, and
   * watch-list offered to informers or not.
   */
  EtcdListerWatcher<EtcdObject<Widget>> listerWatcher(boolean offerWatchList) {
    return EtcdListerWatcher.builder(client, LAYOUT, Widget.CODEC, Widget.ADAPTER).chunkSize(CHUNK)
        .offerWatchList(offerWatchList).build();
  }

  @Override
  public void close() {
    client.close();
    server.close();
  }
}
