package io.informer4j.kubernetes.coordination;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaderElectionRecord;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import io.informer4j.coordination.CoordinationException;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.ShardLeases;
import io.informer4j.coordination.ShardView;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sharding on Kubernetes {@code coordination.k8s.io/v1} Leases through fabric8's {@link LeaseLock}:
 * one Lease per replica ({@code <group>-member-<identity>}, renewed every round: a member whose Lease
 * expired is gone) and one Lease per shard ({@code <group>-shard-<n>}), all labelled with the group.
 * A shard is acquired by creating its Lease, or by updating a free or expired one; every update
 * carries the resourceVersion last read, so a concurrent writer makes it fail with 409 and the shard
 * is reported not held. A Lease is expired when {@code renewTime + leaseDurationSeconds} is past;
 * a released one has an empty holder.
 *
 * <p>One instance per replica; called by one {@link io.informer4j.coordination.ShardCoordinator}
 * thread. Blocks on HTTP, bounded by the client's request timeout. The client is not closed.
 */
public final class KubernetesShardLeases implements ShardLeases {

  private static final Logger log = LoggerFactory.getLogger(KubernetesShardLeases.class);
  private static final Duration RELEASED = Duration.ofSeconds(1);

  private final KubernetesClient client;
  private final String namespace;
  private final String group;
  private final String identity;
  private final Duration leaseDuration;
  private final Clock clock;
  private final LeaseLock memberLock;
  private final Map<Integer, LeaseLock> shardLocks = new HashMap<>();

  /**
   * Creates the leases of {@code identity} in shard group {@code group}, Leases in {@code namespace}.
   *
   * @throws io.informer4j.coordination.CoordinationSettingsException if the group or identity cannot
   *     name a Lease, or the lease duration is not whole seconds
   */
  public KubernetesShardLeases(KubernetesClient client, String namespace, String group, String identity,
                               LeaseTiming timing, Clock clock) {
    this.client = Objects.requireNonNull(client, "client");
    this.namespace = LeaseNames.requireName(namespace, "namespace");
    this.group = LeaseNames.requireName(group, "shard group");
    this.identity = LeaseNames.requireName(identity, "identity");
    this.leaseDuration = LeaseNames.requireWholeSeconds(timing).leaseDuration();
    this.clock = Objects.requireNonNull(clock, "clock");
    this.memberLock = new LeaseLock(meta(LeaseNames.member(group, identity), "member", null), identity);
  }

  private ObjectMeta meta(String name, String role, Integer shard) {
    ObjectMetaBuilder meta = new ObjectMetaBuilder().withNamespace(namespace).withName(name)
        .addToLabels(LeaseNames.GROUP_LABEL, group).addToLabels(LeaseNames.ROLE_LABEL, role);
    if (shard != null) {
      meta.addToLabels(LeaseNames.SHARD_LABEL, String.valueOf(shard));
    }
    return meta.build();
  }

  @Override
  public String identity() {
    return identity;
  }

  @Override
  public ShardView refresh(int shards) {
    if (acquireOrRenew(memberLock, "membership").isEmpty()) {
      throw new CoordinationException("the membership Lease " + LeaseNames.member(group, identity)
          + " is held by another identity", null);
    }
    try {
      Set<String> members = new HashSet<>();
      Map<Integer, String> holders = new HashMap<>();
      ZonedDateTime now = ZonedDateTime.now();
      for (Lease lease : client.resources(Lease.class).inNamespace(namespace).withLabel(LeaseNames.GROUP_LABEL, group).list()
          .getItems()) {
        String holder = validHolder(lease, now);
        Map<String, String> labels = lease.getMetadata().getLabels();
        if (holder == null) {
          continue;
        }
        if ("member".equals(labels.get(LeaseNames.ROLE_LABEL))) {
          members.add(holder);
        } else if (labels.containsKey(LeaseNames.SHARD_LABEL)) {
          int shard = Integer.parseInt(labels.get(LeaseNames.SHARD_LABEL));
          if (shard < shards) {
            holders.put(shard, holder);
          }
        }
      }
      return new ShardView(members, holders);
    } catch (RuntimeException e) {
      throw new CoordinationException("listing the Leases of shard group " + group + " in " + namespace + " failed: "
          + e.getMessage(), e);
    }
  }

  private static String validHolder(Lease lease, ZonedDateTime now) {
    var spec = lease.getSpec();
    if (spec == null || spec.getHolderIdentity() == null || spec.getHolderIdentity().isEmpty()
        || spec.getRenewTime() == null || spec.getLeaseDurationSeconds() == null) {
      return null;
    }
    boolean expired = !now.isBefore(spec.getRenewTime().plusSeconds(spec.getLeaseDurationSeconds()));
    return expired ? null : spec.getHolderIdentity();
  }

  @Override
  public OptionalLong acquireOrRenew(int shard) {
    LeaseLock lock = shardLocks.computeIfAbsent(shard, s -> new LeaseLock(meta(LeaseNames.shard(group, s), "shard", s),
        identity));
    return acquireOrRenew(lock, "shard " + shard);
  }

  private OptionalLong acquireOrRenew(LeaseLock lock, String what) {
    long start = clock.nanoTime();
    try {
      ZonedDateTime now = ZonedDateTime.now();
      LeaderElectionRecord current = lock.get(client);
      if (current == null) {
        lock.create(client, new LeaderElectionRecord(identity, leaseDuration, now, now, 0));
        return OptionalLong.of(start);
      }
      boolean mine = identity.equals(current.getHolderIdentity());
      boolean free = current.getHolderIdentity() == null || current.getHolderIdentity().isEmpty()
          || !now.isBefore(current.getRenewTime().plus(current.getLeaseDuration()));
      if (!mine && !free) {
        return OptionalLong.empty();
      }
      lock.update(client, new LeaderElectionRecord(identity, leaseDuration, mine ? current.getAcquireTime() : now, now,
          mine ? current.getLeaderTransitions() : current.getLeaderTransitions() + 1));
      return OptionalLong.of(start);
    } catch (KubernetesClientException e) {
      if (e.getCode() == 409) {
        log.debug("{}: lost the race for {} (409)", identity, what);
        return OptionalLong.empty();
      }
      throw new CoordinationException(identity + ": acquiring or renewing the Lease of " + what + " failed: "
          + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new CoordinationException(identity + ": acquiring or renewing the Lease of " + what + " failed: " + e, e);
    }
  }

  @Override
  public void release(int shard) {
    LeaseLock lock = shardLocks.get(shard);
    if (lock == null) {
      return;
    }
    try {
      LeaderElectionRecord current = lock.get(client);
      if (current != null && identity.equals(current.getHolderIdentity())) {
        ZonedDateTime now = ZonedDateTime.now();
        lock.update(client, new LeaderElectionRecord("", RELEASED, now, now, current.getLeaderTransitions()));
      }
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw new CoordinationException(identity + ": releasing the Lease of shard " + shard + " failed: "
            + e.getMessage(), e);
      }
    } catch (RuntimeException e) {
      throw new CoordinationException(identity + ": releasing the Lease of shard " + shard + " failed: " + e, e);
    }
  }

  @Override
  public void close() {
    try {
      client.resources(Lease.class).inNamespace(namespace).withName(LeaseNames.member(group, identity)).delete();
    } catch (RuntimeException e) {
      log.warn("{}: could not delete its membership Lease: {}", identity, e.toString());
    }
  }
}
