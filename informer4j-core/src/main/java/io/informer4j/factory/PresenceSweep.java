package io.informer4j.factory;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pass of the factory's presence checks over every registered type: a missing type found
 * present is activated; a present type found absent is marked missing (its informer keeps running
 * and retrying); forbidden and unknown outcomes change nothing. Runs on the monitor's thread.
 */
final class PresenceSweep implements MissingTypeMonitor.Pass {

  private static final Logger log = LoggerFactory.getLogger(PresenceSweep.class);

  private final SharedInformerFactory factory;

  PresenceSweep(SharedInformerFactory factory) {
    this.factory = factory;
  }

  @Override
  public MissingTypeMonitor.Outcome run() {
    boolean anyMissing = false;
    boolean changed = false;
    for (InformerEntry entry : factory.entries()) {
      if (!factory.isStarted()) {
        break;
      }
      TypePresence found = EntryFactory.presence(entry, factory);
      switch (found.kind()) {
        case PRESENT -> {
          if (entry.setMissing(false, found.detail())) {
            changed = true;
            log.info("{}: the type is served; activating", entry);
            factory.activate(entry);
          }
        }
        case ABSENT -> {
          if (entry.setMissing(true, found.detail())) {
            changed = true;
            log.warn("{}: the type is not served any more ({}); marked missing", entry, found.detail());
          }
        }
        case FORBIDDEN -> log.warn("{}: discovery is forbidden ({}); state unchanged", entry, found.detail());
        case UNKNOWN -> log.warn("{}: cannot tell whether the type is served ({}); state unchanged", entry, found.detail());
        default -> throw new AssertionError(found.kind());
      }
      anyMissing |= entry.isMissing();
    }
    return new MissingTypeMonitor.Outcome(anyMissing, changed);
  }
}
