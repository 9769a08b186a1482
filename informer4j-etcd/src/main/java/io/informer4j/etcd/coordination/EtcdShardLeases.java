package io.informer4j.etcd.coordination;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import io.informer4j.coordination.CoordinationException;
import io.informer4j.coordination.CoordinationSettingsException;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.ShardLeases;
import io.informer4j.coordination.ShardView;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.time.Clock;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Sharding on etcd: one session lease per replica ({@link EtcdSession}, kept alive with jetcd's lease
 * keep-alive), a membership key {@code <prefix>/members/<identity>} and shard keys
 * {@code <prefix>/shards/<n>} whose value is the holder, all attached to the holder's session lease.
 * A shard is acquired by a transaction that puts its key only if it does not exist
 * ({@code create_revision == 0}); it is held while the key exists with this replica's value and lease,
 * and it is freed by deleting it in a transaction guarded by the value — or by etcd itself when the
 * holder's lease expires. Every held key lives at least as long as the session's last confirmed
 * keep-alive plus the TTL, so validity is derived from the session.
 *
 * <p>Called by one coordinator thread; the session keeps alive on the runtime given to {@link #start}. Calls are bounded
 * by the renew deadline. The client is not closed.
 */
public final class EtcdShardLeases implements ShardLeases {

  private final KV kv;
  private final String prefix;
  private final String identity;
  private final ByteSequence me;
  private final LeaseTiming timing;
  private final EtcdSession session;

  /**
   * Creates the leases of {@code identity} under key prefix {@code prefix} (such as
   * {@code /informer4j/shards/configmap-workers}); {@link #start} grants its session lease.
   *
   * @throws CoordinationSettingsException if the prefix or identity is blank or contains a space
   */
  public EtcdShardLeases(Client client, String prefix, String identity, LeaseTiming timing, Clock clock) {
    this.kv = Objects.requireNonNull(client, "client").getKVClient();
    this.prefix = requireText(prefix, "key prefix");
    this.identity = requireText(identity, "identity");
    this.me = bytes(identity);
    this.timing = Objects.requireNonNull(timing, "timing");
    this.session = new EtcdSession(client, identity, timing, clock);
  }

  /**
   * Grants the session lease (blocking) and keeps it alive every retry period on {@code runtime}'s
   * threads.
   *
   * @throws CoordinationException if etcd cannot grant the lease
   */
  @Override
  public void start(InformerRuntime runtime) {
    session.start(runtime);
  }

  static String requireText(String value, String what) {
    if (value == null || value.isBlank() || value.contains(" ")) {
      throw new CoordinationSettingsException("the " + what + " must be non-blank text without spaces, got '" + value + "'");
    }
    return value;
  }

  private static ByteSequence bytes(String text) {
    return ByteSequence.from(text, StandardCharsets.UTF_8);
  }

  private ByteSequence shardKey(int shard) {
    return bytes(prefix + "/shards/" + shard);
  }

  @Override
  public String identity() {
    return identity;
  }

  @Override
  public ShardView refresh(int shards) {
    PutOption withLease = PutOption.builder().withLeaseId(session.leaseId()).build();
    EtcdCalls.await(identity + ": membership put", kv.put(bytes(prefix + "/members/" + identity), me, withLease),
        timing.renewDeadline());
    var all = EtcdCalls.await(identity + ": reading " + prefix, kv.get(bytes(prefix + "/"),
        GetOption.builder().isPrefix(true).build()), timing.renewDeadline());
    Set<String> members = new HashSet<>();
    Map<Integer, String> holders = new HashMap<>();
    for (KeyValue entry : all.getKvs()) {
      String key = entry.getKey().toString(StandardCharsets.UTF_8).substring(prefix.length() + 1);
      String value = entry.getValue().toString(StandardCharsets.UTF_8);
      if (key.startsWith("members/")) {
        members.add(value);
      } else if (key.startsWith("shards/")) {
        try {
          int shard = Integer.parseInt(key.substring("shards/".length()));
          if (shard < shards) {
            holders.put(shard, value);
          }
        } catch (NumberFormatException ignored) {
          // not a shard key of ours
        }
      }
    }
    return new ShardView(members, holders);
  }

  @Override
  public OptionalLong acquireOrRenew(int shard) {
    long validFrom = session.validFrom();
    long lease = session.leaseId();
    ByteSequence key = shardKey(shard);
    TxnResponse answer = EtcdCalls.await(identity + ": acquiring shard " + shard, kv.txn()
        .If(new Cmp(key, Cmp.Op.EQUAL, CmpTarget.createRevision(0)))
        .Then(Op.put(key, me, PutOption.builder().withLeaseId(lease).build()))
        .Else(Op.get(key, GetOption.DEFAULT))
        .commit(), timing.renewDeadline());
    if (answer.isSucceeded()) {
      return OptionalLong.of(validFrom);
    }
    for (var get : answer.getGetResponses()) {
      for (KeyValue held : get.getKvs()) {
        if (held.getValue().equals(me) && held.getLease() == lease) {
          return OptionalLong.of(validFrom);
        }
      }
    }
    return OptionalLong.empty();
  }

  @Override
  public void release(int shard) {
    ByteSequence key = shardKey(shard);
    EtcdCalls.await(identity + ": releasing shard " + shard, kv.txn()
        .If(new Cmp(key, Cmp.Op.EQUAL, CmpTarget.value(me)))
        .Then(Op.delete(key, DeleteOption.DEFAULT))
        .commit(), timing.renewDeadline());
  }

  /** Revokes the session lease, which deletes the membership key and any shard key left. */
  @Override
  public void close() {
    session.close();
  }
}
