package io.informer4j.etcd.internal;

import io.etcd.jetcd.KV;
import io.etcd.jetcd.Watch;
import java.time.Duration;

/**
 * What every watch of one lister-watcher shares.
 *
 * @param watchClient      jetcd's watch client
 * @param kvClient         jetcd's key-value client (previous values of deletes)
 * @param lister           reads initial states
 * @param decoder          decodes values and applies selectors
 * @param requestTimeout   how long opening a watch may take
 * @param chunkSize        keys per read of an initial state
 * @param progress         decides whether progress may be requested
 * @param threads          where watch timeouts and initial states run
 * @param <T>              the object type
 */
public record WatchContext<T>(Watch watchClient, KV kvClient, RangeLister<T> lister, ObjectDecoder<T> decoder,
                              Duration requestTimeout, int chunkSize, ProgressSupport progress,
                              EtcdThreads threads) {
}
