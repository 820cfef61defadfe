module.exports = require('../../jest.preset').standalone(__dirname);
