package io.informer4j.reader;

import io.informer4j.source.TypePresence;
import io.informer4j.meta.TypeKey;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pass of an informers map's presence checks: the backend is asked once per registered type; a
 * missing entry found present is activated; a present entry found absent is marked missing (its
 * informer keeps running and retrying); forbidden and unknown outcomes change nothing. Runs on the
 * monitor's thread.
 */
final class PresenceSweep implements MissingTypeMonitor.Pass {

  private static final Logger log = LoggerFactory.getLogger(PresenceSweep.class);

  private final InformersMap map;

  PresenceSweep(InformersMap map) {
    this.map = map;
  }

  @Override
  public MissingTypeMonitor.Outcome run() {
    boolean anyMissing = false;
    boolean changed = false;
    Map<TypeKey, TypePresence> found = new HashMap<>();
    for (MapEntry<?> entry : map.entries()) {
      if (!map.isRunning()) {
        break;
      }
      TypePresence presence = found.computeIfAbsent(entry.type().key(), map::presenceOf);
      switch (presence.kind()) {
        case PRESENT -> {
          if (entry.setMissing(false, presence.detail())) {
            changed = true;
            log.info("{}: the type is served; activating", entry);
            map.activate(entry);
          }
        }
        case ABSENT -> {
          if (entry.setMissing(true, presence.detail())) {
            changed = true;
            log.warn("{}: the type is not served any more ({}); marked missing", entry, presence.detail());
          }
        }
        case FORBIDDEN -> log.warn("{}: discovery is forbidden ({}); state unchanged", entry, presence.detail());
        case UNKNOWN -> log.warn("{}: cannot tell whether the type is served ({}); state unchanged", entry,
            presence.detail());
        default -> throw new AssertionError(presence.kind());
      }
      anyMissing |= entry.isMissing();
    }
    return new MissingTypeMonitor.Outcome(anyMissing, changed);
  }
}
