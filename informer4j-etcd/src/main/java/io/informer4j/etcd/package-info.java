/**
 * The etcd backend over jetcd: {@link io.informer4j.etcd.EtcdTypes} is a catalog of the types stored
 * in one etcd (per type a {@link io.informer4j.etcd.KeyLayout}, a {@link io.informer4j.etcd.Codec}
 * and an adapter) and implements {@link io.informer4j.source.Backend};
 * {@link io.informer4j.etcd.EtcdListerWatcher} lists a key prefix at one revision and watches from
 * the next; {@link io.informer4j.etcd.EtcdClients} builds clients with TLS and etcd users, refusing
 * plaintext to an {@code https://} endpoint. Compaction maps to the expired error, and a value the
 * codec cannot decode is reported malformed with its key. Thread-safe.
 */
package io.informer4j.etcd;
