package com.example.demo;

import org.springframework.stereotype.Component;

/** What the controller writes into the ConfigMaps it reconciled (the application's name). */
@Component
public class Stamp {

	public String value() {
		return "demo";
	}

}
