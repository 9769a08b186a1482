package io.informer4j.testkit.coordination;

import io.informer4j.coordination.CoordinationException;
import io.informer4j.coordination.ShardLeases;
import io.informer4j.coordination.ShardView;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Shard leases without a coordination engine, for tests of sharding: every member's leases live in
 * one {@link Table} shared in memory, expire on a clock (a manual one for tests driven by hand), and
 * a member can be cut off from the table, as by a partition. Thread-safe.
 */
public final class InMemoryShardLeases implements ShardLeases {

  /** The shared table of every member's leases. Thread-safe. */
  public static final class Table {
    private final Map<String, Long> members = new HashMap<>();
    private final Map<Integer, String> holders = new HashMap<>();
    private final Map<Integer, Long> expiries = new HashMap<>();

    /** Returns the holder of {@code shard} whose lease is valid at {@code now} (a clock reading), or null. */
    public synchronized String holder(int shard, long now) {
      Long expiry = expiries.get(shard);
      return expiry != null && now - expiry < 0 ? holders.get(shard) : null;
    }
  }

  private final String identity;
  private final Table table;
  private final Clock clock;
  private final long lease;
  private volatile boolean cutOff;

  /**
   * Creates the leases of member {@code identity} in {@code table}: each renewal makes a lease valid
   * for {@code lease} on {@code clock}.
   */
  public InMemoryShardLeases(String identity, Table table, Clock clock, Duration lease) {
    this.identity = identity;
    this.table = table;
    this.clock = clock;
    this.lease = lease.toNanos();
  }

  /** Cuts this member off: every later call fails with {@link CoordinationException}; its leases stay until they expire. */
  public void cutOff() {
    cutOff = true;
  }

  private void reachable() {
    if (cutOff) {
      throw new CoordinationException(identity + " cannot reach the table", null);
    }
  }

  @Override
  public String identity() {
    return identity;
  }

  @Override
  public ShardView refresh(int shards) {
    reachable();
    long now = clock.nanoTime();
    synchronized (table) {
      table.members.put(identity, now + lease);
      Set<String> live = new java.util.TreeSet<>();
      table.members.forEach((member, expiry) -> {
        if (now - expiry < 0) {
          live.add(member);
        }
      });
      Map<Integer, String> holders = new HashMap<>();
      for (int shard = 0; shard < shards; shard++) {
        String holder = table.holder(shard, now);
        if (holder != null) {
          holders.put(shard, holder);
        }
      }
      return new ShardView(live, holders);
    }
  }

  @Override
  public OptionalLong acquireOrRenew(int shard) {
    reachable();
    long now = clock.nanoTime();
    synchronized (table) {
      String holder = table.holder(shard, now);
      if (holder != null && !holder.equals(identity)) {
        return OptionalLong.empty();
      }
      table.holders.put(shard, identity);
      table.expiries.put(shard, now + lease);
      return OptionalLong.of(now);
    }
  }

  @Override
  public void release(int shard) {
    reachable();
    synchronized (table) {
      if (identity.equals(table.holders.get(shard))) {
        table.holders.remove(shard);
        table.expiries.remove(shard);
      }
    }
  }

  /** Leaves the membership unless cut off; held shards stay until released or expired. */
  @Override
  public void close() {
    if (!cutOff) {
      synchronized (table) {
        table.members.remove(identity);
      }
    }
  }
}
