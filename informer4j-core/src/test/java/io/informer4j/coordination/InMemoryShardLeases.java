package io.informer4j.coordination;

import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/** A test backend: leases in one shared table, expiring on a (manual) clock; can be cut off. */
final class InMemoryShardLeases implements ShardLeases {

  /** The shared table of every member's leases. */
  static final class Table {
    private final Map<String, Long> members = new HashMap<>();
    private final Map<Integer, String> holders = new HashMap<>();
    private final Map<Integer, Long> expiries = new HashMap<>();

    synchronized String holder(int shard, long now) {
      Long expiry = expiries.get(shard);
      return expiry != null && now - expiry < 0 ? holders.get(shard) : null;
    }
  }

  private final String identity;
  private final Table table;
  private final Clock clock;
  private final long lease;
  private volatile boolean cutOff;

  InMemoryShardLeases(String identity, Table table, Clock clock, Duration lease) {
    this.identity = identity;
    this.table = table;
    this.clock = clock;
    this.lease = lease.toNanos();
  }

  void cutOff() {
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

  @Override
  public void close() {
    if (!cutOff) {
      synchronized (table) {
        table.members.remove(identity);
      }
    }
  }
}
