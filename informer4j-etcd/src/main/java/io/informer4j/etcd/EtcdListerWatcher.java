package io.informer4j.etcd;

import io.etcd.jetcd.Client;
import io.informer4j.etcd.internal.EtcdThreads;
import io.informer4j.etcd.internal.EtcdWatch;
import io.informer4j.etcd.internal.ObjectDecoder;
import io.informer4j.etcd.internal.ProgressSupport;
import io.informer4j.etcd.internal.RangeLister;
import io.informer4j.etcd.internal.RangeReader;
import io.informer4j.etcd.internal.WatchContext;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import java.time.Duration;
import java.util.Objects;

/**
 * Lists and watches the objects of one type stored in etcd under a key prefix ({@link KeyLayout}),
 * decoded by a {@link Codec}; an informer over it keeps a cache of them.
 *
 * <p><b>Versions.</b> An object's resourceVersion is its etcd mod revision (for a DELETED event,
 * the delete's revision); a list's is the revision it was read at. List resourceVersions:
 * {@code ""} reads the latest state linearizably, {@code "0"} serializably; {@code "N"} reads the
 * latest state, which must be at least at N, and with match EXACT the state at N. A revision etcd
 * compacted is {@link io.informer4j.source.ExpiredException expired}; one it has not reached yet is
 * {@link io.informer4j.source.TooLargeResourceVersionException too large}.
 *
 * <p><b>Lists</b> read a key range at one revision, in chunks of at most {@code chunkSize} keys
 * (also when no limit is asked, so a huge type never makes one huge response); the next chunk is
 * requested before the previous one is decoded, so etcd serves it meanwhile. With a limit, each
 * page ends with a continue token carrying the first page's revision and the next key.
 *
 * <p><b>Watches</b> run from the revision + 1; a DELETED event carries the object's last state, read
 * at the delete's revision − 1 (a watch with label or field selectors instead asks etcd for previous
 * values of every event, as it needs them to see objects leave the selection). A watch from
 * {@code ""} or {@code "0"} starts with ADDED events for the current state; a watch-list
 * ({@code sendInitialEvents}) as well, followed by a bookmark marked initialEventsEnd. etcd's
 * progress notifications become BOOKMARK events when bookmarks are allowed;
 * {@link WatchHandle#requestProgress()} asks etcd for one (see {@link ProgressRequests}), which
 * informers do on a watch quiet for half their idle timeout. Compaction ends a watch with an expired
 * error; a broken connection with
 * {@link io.informer4j.source.TransientSourceException.Reason#CONNECTION_LOST}, and a server that
 * cannot be reached refuses a new watch with {@code CONNECTION_REFUSED}.
 *
 * <p><b>Selection.</b> A namespace narrows the key range; label and field selectors are evaluated
 * on decoded objects, through the {@link ObjectAdapter} (an object entering or leaving a selection
 * is ADDED or DELETED, as in Kubernetes).
 *
 * <p><b>Bad values.</b> A value the codec cannot decode, or an object disagreeing with its key or
 * revision, is reported as malformed with the key its etcd key gives and, on a watch, the event it
 * came with (a put as ADDED or MODIFIED, a delete as DELETED), so the informer keeps or drops that
 * key without relisting. A key under the prefix that is not of the layout's shape is reported as
 * malformed without a key by lists, and ignored (logged) by watches: it can never be an object of
 * the type. Everything else goes on. A watch ends for a relist only when etcd withheld a previous
 * value it needs (compacted away).
 *
 * <p>Thread-safe. The jetcd {@link Client} stays the caller's to close. Build the client with
 * {@link EtcdClients#builder(String...)} so that an unreachable server fails calls at once.
 *
 * @param <T> the object type
 */
public final class EtcdListerWatcher<T> implements ListerWatcher<T> {

  /** How many chunks make the page size this source prefers ({@link #preferredPageSize()}). */
  static final int CHUNKS_PER_PAGE = 10;

  private final KeyLayout layout;
  private final RangeLister<T> lister;
  private final WatchContext<T> watchContext;
  private final boolean offerWatchList;

  private EtcdListerWatcher(Builder<T> b) {
    this.layout = b.layout;
    this.offerWatchList = b.offerWatchList;
    ObjectDecoder<T> decoder = new ObjectDecoder<>(b.layout, b.codec, b.adapter);
    this.lister = new RangeLister<>(b.layout, decoder, new RangeReader(b.client.getKVClient(), b.requestTimeout),
        b.chunkSize);
    this.watchContext = new WatchContext<>(b.client.getWatchClient(), b.client.getKVClient(), lister, decoder,
        b.requestTimeout, b.chunkSize, new ProgressSupport(b.client, b.progressRequests, b.requestTimeout),
        b.runtime != null ? EtcdThreads.of(b.runtime) : EtcdThreads.owned(b.layout.prefix().replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-|-$", "")));
  }

  /**
   * Starts building a lister-watcher.
   *
   * @param client  the jetcd client (the caller closes it)
   * @param layout  where the type's objects are stored
   * @param codec   turns values into objects
   * @param adapter reads the objects' identity, version, labels and fields
   */
  public static <T> Builder<T> builder(Client client, KeyLayout layout, Codec<T> codec, ObjectAdapter<T> adapter) {
    return new Builder<>(client, layout, codec, adapter);
  }

  /** Returns where the type's objects are stored. */
  public KeyLayout layout() {
    return layout;
  }

  /**
   * Lists one page; see {@link ListerWatcher#list}. Blocks up to the request timeout per etcd read.
   *
   * @throws io.informer4j.source.InvalidRequestException for a malformed resourceVersion or continue
   *                                                      token, or a namespace on a cluster-scoped type
   */
  @Override
  public ListPage list(ListRequest request, ListSink<T> sink) {
    return lister.list(request, sink);
  }

  /**
   * Opens a watch; see {@link ListerWatcher#watch}. Blocks until etcd created it (and, for a watch
   * that starts with the current state, read its first chunk).
   */
  @Override
  public WatchHandle watch(WatchRequest request, WatchListener<T> listener) {
    return EtcdWatch.open(watchContext, request, Objects.requireNonNull(listener, "listener"));
  }

  /**
   * Returns whether informers should sync by watch-list: false unless the builder's
   * {@link Builder#offerWatchList(boolean)} asked for it. A watch-list request is served either way
   * (a range read at one revision, then the watch after it); a paged list at one revision followed
   * by a watch from the next is just as consistent and syncs faster here (docs/PERFORMANCE.md).
   */
  @Override
  public boolean supportsWatchList() {
    return offerWatchList;
  }

  /**
   * Returns {@value #CHUNKS_PER_PAGE} chunks: etcd 3.4 collects the rest of the range for every
   * limited read, so pages smaller than the chunks this source reads in anyway only add reads, and
   * within a page the next chunk is read while the previous one is decoded, which a page boundary
   * interrupts.
   */
  @Override
  public long preferredPageSize() {
    return (long) CHUNKS_PER_PAGE * lister.chunkSize();
  }

  /** Returns {@code "etcd <layout>"}. */
  @Override
  public String description() {
    return "etcd " + layout;
  }

  /**
   * Configures an {@link EtcdListerWatcher}. Not thread-safe.
   *
   * @param <T> the object type
   */
  public static final class Builder<T> {
    private final Client client;
    private final KeyLayout layout;
    private final Codec<T> codec;
    private final ObjectAdapter<T> adapter;
    private int chunkSize = 1000;
    private Duration requestTimeout = Duration.ofSeconds(30);
    private ProgressRequests progressRequests = ProgressRequests.WHEN_SAFE;
    private boolean offerWatchList;
    private InformerRuntime runtime;

    private Builder(Client client, KeyLayout layout, Codec<T> codec, ObjectAdapter<T> adapter) {
      this.client = Objects.requireNonNull(client, "client");
      this.layout = Objects.requireNonNull(layout, "layout");
      this.codec = Objects.requireNonNull(codec, "codec");
      this.adapter = Objects.requireNonNull(adapter, "adapter");
    }

    /**
     * Sets the most keys read per etcd request (default 1000). Keep it times the typical value size
     * below the client's inbound message limit (4 MiB by default); a too large response is retried
     * with half as many keys.
     */
    public Builder<T> chunkSize(int keys) {
      if (keys < 1) {
        throw new IllegalArgumentException("chunk size must be at least 1: " + keys);
      }
      this.chunkSize = keys;
      return this;
    }

    /** Sets how long one etcd read, or opening a watch, may take (default 30 s). */
    public Builder<T> requestTimeout(Duration timeout) {
      this.requestTimeout = positive(timeout, "request timeout");
      return this;
    }

    /**
     * Sets whether informers are told to sync by watch-list, streaming the initial state as events
     * (default false: they list in pages of the chunk size at one revision, then watch, which is
     * faster on etcd).
     */
    public Builder<T> offerWatchList(boolean offer) {
      this.offerWatchList = offer;
      return this;
    }

    /**
     * Sets whether watches send the progress requests informers ask for through
     * {@link WatchHandle#requestProgress()} (default {@link ProgressRequests#WHEN_SAFE}).
     */
    public Builder<T> progressRequests(ProgressRequests mode) {
      this.progressRequests = Objects.requireNonNull(mode, "mode");
      return this;
    }

    /**
     * Runs the watches' own work — watch timeouts, streaming initial states — on {@code runtime}'s
     * timer and I/O pool (the runtime stays the caller's). Without one, the lister-watcher has a
     * timer thread and up to four initial-state threads of its own, which end after 30 s without
     * work. An informers map or Manager over {@link EtcdTypes} gives each informer's source the
     * informer's runtime.
     */
    public Builder<T> runtime(InformerRuntime runtime) {
      this.runtime = Objects.requireNonNull(runtime, "runtime");
      return this;
    }

    private static Duration positive(Duration duration, String what) {
      Objects.requireNonNull(duration, what);
      if (duration.isZero() || duration.isNegative()) {
        throw new IllegalArgumentException(what + " must be positive: " + duration);
      }
      return duration;
    }

    /** Returns the lister-watcher. */
    public EtcdListerWatcher<T> build() {
      return new EtcdListerWatcher<>(this);
    }
  }
}
