package io.informer4j.etcd.coordination;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.LeaseOption;
import io.informer4j.coordination.CoordinationException;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.time.Clock;
import io.informer4j.time.Scheduler;
import java.util.Objects;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One replica's etcd session: a lease with a TTL of the lease duration (whole seconds, rounded up),
 * kept alive with jetcd's {@code keepAliveOnce} every retry period on the runtime given to
 * {@link #start}. Every key
 * the replica writes for coordination is attached to this lease, so when the replica dies or is cut
 * off, etcd deletes them all when the TTL runs out.
 *
 * <p>{@link #validFrom()} is a {@link Clock#nanoTime()} reading taken before the last keep-alive
 * that etcd confirmed: the lease lives at least until then plus the TTL. When etcd answers that the
 * lease is gone (TTL ≤ 0), a new lease is granted on the next round and {@link #leaseId()} changes;
 * keys of the old lease are gone with it. Thread-safe.
 */
final class EtcdSession implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EtcdSession.class);

  private final Client client;
  private final String owner;
  private final LeaseTiming timing;
  private final Clock clock;
  private final long ttlSeconds;
  private Scheduler.Cancellable keepAlive;
  private volatile LongConsumer onRenewed = validFrom -> { };
  private long leaseId;
  private long validFrom;
  private boolean granted;

  EtcdSession(Client client, String owner, LeaseTiming timing, Clock clock) {
    this.client = Objects.requireNonNull(client, "client");
    this.owner = owner;
    this.timing = timing;
    this.clock = clock;
    this.ttlSeconds = Math.max(1, (timing.leaseDuration().toMillis() + 999) / 1000);
  }

  /** Calls {@code listener} with {@link #validFrom()} after each confirmed keep-alive or grant. */
  void onRenewed(LongConsumer listener) {
    this.onRenewed = listener;
  }

  /** Grants the first lease (blocking) and starts the keep-alive rounds on {@code runtime}. */
  void start(InformerRuntime runtime) {
    renew();
    Scheduler.Cancellable rounds = runtime.scheduleWithFixedDelay("etcd session of " + owner, timing.retryPeriod(),
        timing.retryPeriod(), this::renewQuietly);
    synchronized (this) {
      keepAlive = rounds;
    }
  }

  private void renewQuietly() {
    try {
      renew();
    } catch (CoordinationException e) {
      log.warn("{}: etcd session keep-alive failed: {}", owner, e.getMessage());
    }
  }

  /** Keeps the lease alive, or grants a new one when there is none. Blocks on etcd. */
  private void renew() {
    long start = clock.nanoTime();
    long id;
    synchronized (this) {
      id = granted ? leaseId : 0;
    }
    if (id != 0) {
      if (keepAlive(id)) {
        confirmed(id, start);
        return;
      }
      log.warn("{}: etcd lease {} expired; granting a new one", owner, Long.toHexString(id));
    }
    long fresh = EtcdCalls.await(owner + ": lease grant", client.getLeaseClient().grant(ttlSeconds),
        timing.renewDeadline()).getID();
    confirmed(fresh, start);
  }

  /**
   * Sends one keep-alive; returns false when etcd says the lease is gone (a TTL of 0, or — when the
   * keep-alive itself fails — a time-to-live of -1), so a replica whose lease expired while it was
   * cut off gets a new one once it reconnects.
   */
  private boolean keepAlive(long id) {
    String what = owner + ": keep-alive of lease " + Long.toHexString(id);
    try {
      return EtcdCalls.await(what, client.getLeaseClient().keepAliveOnce(id), timing.renewDeadline()).getTTL() > 0;
    } catch (CoordinationException failed) {
      long ttl = EtcdCalls.await(owner + ": time-to-live of lease " + Long.toHexString(id),
          client.getLeaseClient().timeToLive(id, LeaseOption.DEFAULT), timing.renewDeadline()).getTTL();
      if (ttl > 0) {
        throw failed;
      }
      return false;
    }
  }

  private void confirmed(long id, long start) {
    synchronized (this) {
      granted = true;
      leaseId = id;
      validFrom = start;
    }
    onRenewed.accept(start);
  }

  /** Returns the current lease id. */
  synchronized long leaseId() {
    return leaseId;
  }

  /** Returns the reading taken before the last confirmed keep-alive or grant. */
  synchronized long validFrom() {
    return validFrom;
  }

  /** Stops the keep-alives and revokes the lease (best effort), deleting every key attached to it. */
  @Override
  public void close() {
    Scheduler.Cancellable rounds;
    synchronized (this) {
      rounds = keepAlive;
    }
    if (rounds != null) {
      rounds.cancel();
    }
    long id = leaseId();
    if (id != 0) {
      try {
        EtcdCalls.await(owner + ": revoke", client.getLeaseClient().revoke(id), timing.renewDeadline());
      } catch (CoordinationException e) {
        log.warn("{}: could not revoke its etcd lease: {}", owner, e.getMessage());
      }
    }
  }
}
