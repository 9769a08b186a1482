/** A Spring Boot application on informer4j-spring-boot-starter: a controller of widgets stored in etcd. */
package io.informer4j.examples.springboot;
